import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { DashboardScreen } from '@/features/dashboard/components/dashboard-screen';

// Spec §2/§5: status accepts only the literal 'success'; message is an optional string.
const dashboardSearchSchema = z.object({
  status: z.literal('success').optional().catch(undefined),
  message: z.string().optional().catch(undefined),
});

export const Route = createFileRoute('/$org/dashboard')({
  validateSearch: dashboardSearchSchema,
  head: () => ({ meta: [{ title: 'Dashboard · stocksync' }] }),
  component: DashboardPage,
});

function DashboardPage() {
  const { organization } = Route.useRouteContext();
  const { status, message } = Route.useSearch();
  return <DashboardScreen organization={organization} status={status} message={message} />;
}
