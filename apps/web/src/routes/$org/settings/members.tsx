import { createFileRoute } from '@tanstack/react-router';
import { MembersScreen } from '@/features/members/components/members-screen';

export const Route = createFileRoute('/$org/settings/members')({
  head: () => ({ meta: [{ title: 'Members · stocksync' }] }),
  component: MembersPage,
});

function MembersPage() {
  const { organization } = Route.useRouteContext();
  return <MembersScreen key={organization.id} organization={organization} />;
}
