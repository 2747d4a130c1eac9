import { createFileRoute } from '@tanstack/react-router';
import { organizationsQueryOptions } from '@/features/organizations/api/get-organizations';
import { OrganizationSettings } from '@/features/organizations/components/organization-settings';

export const Route = createFileRoute('/$org/settings/organization')({
  loader: ({ context }) => context.queryClient.ensureQueryData(organizationsQueryOptions()),
  head: () => ({ meta: [{ title: 'Organization settings · stocksync' }] }),
  component: OrganizationSettingsPage,
});

function OrganizationSettingsPage() {
  const { organization } = Route.useRouteContext();
  return <OrganizationSettings organization={organization} />;
}
