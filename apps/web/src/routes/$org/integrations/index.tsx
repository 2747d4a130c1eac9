import { createFileRoute } from '@tanstack/react-router';
import { platformsQueryOptions } from '@/features/integrations/api/get-platforms';
import { IntegrationsScreen } from '@/features/integrations/components/integrations-screen';

export const Route = createFileRoute('/$org/integrations/')({
  // Spec §2: loads integration data on entry (a failure is shown, with a retry, by the screen).
  loader: ({ context }) =>
    context.queryClient.prefetchQuery(platformsQueryOptions(context.organization.id)),
  head: () => ({ meta: [{ title: 'Integrations · stocksync' }] }),
  component: IntegrationsPage,
});

function IntegrationsPage() {
  const { organization } = Route.useRouteContext();
  return <IntegrationsScreen organization={organization} />;
}
