import { createFileRoute } from '@tanstack/react-router';
import { SuccessScreen } from '@/features/success/components/success-screen';

export const Route = createFileRoute('/$org/success')({
  head: () => ({ meta: [{ title: 'Done · stocksync' }] }),
  component: SuccessPage,
});

function SuccessPage() {
  const { organization } = Route.useRouteContext();
  return <SuccessScreen orgName={organization.name} />;
}
