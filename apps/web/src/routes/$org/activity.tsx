import { createFileRoute } from '@tanstack/react-router';
import { activitySearchSchema } from '@/features/activity/activity-search';
import { activitiesQueryOptions } from '@/features/activity/api/get-activities';
import { ActivityScreen } from '@/features/activity/components/activity-screen';

export const Route = createFileRoute('/$org/activity')({
  validateSearch: activitySearchSchema,
  loaderDeps: ({ search }) => ({
    page: search.page,
    pageSize: search.pageSize,
    ...(search.member ? { userId: search.member } : {}),
  }),
  // Pre-loads the activities (spec §2); a failure is shown by the screen with a retry.
  loader: ({ context, deps }) =>
    context.queryClient.prefetchQuery(activitiesQueryOptions(context.organization.id, deps)),
  head: () => ({ meta: [{ title: 'Activity · stocksync' }] }),
  component: ActivityPage,
});

function ActivityPage() {
  const { organization } = Route.useRouteContext();
  return <ActivityScreen key={organization.id} orgId={organization.id} />;
}
