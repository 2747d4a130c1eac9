import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { fetchConnectUrlOrEmpty } from '@/features/integrations/api/get-connect-url';
import { platformsQueryOptions } from '@/features/integrations/api/get-platforms';
import { DashboardScreen } from '@/features/dashboard/components/dashboard-screen';
import {
  analyticsRangeSearchSchema,
  type AnalyticsRangeSearch,
} from '@/features/analytics/analytics-range';

// Spec §2/§5: status accepts only the literal 'success'; message is an optional string. The
// analytics range (days, or from and to) is kept in the URL too (issue 23).
const dashboardSearchSchema = z
  .object({
    status: z.literal('success').optional().catch(undefined),
    message: z.string().optional().catch(undefined),
  })
  .extend(analyticsRangeSearchSchema.shape);

export const Route = createFileRoute('/$org/dashboard')({
  validateSearch: dashboardSearchSchema,
  // Spec §2: on entry, pre-load the platforms list and fetch the eBay connect URL (empty when
  // that fails). Gating is checked by the calls it blocks (402), not here.
  loader: async ({ context }) => {
    const orgId = context.organization.id;
    const [, ebay] = await Promise.all([
      context.queryClient.prefetchQuery(platformsQueryOptions(orgId)),
      fetchConnectUrlOrEmpty(orgId, 'ebay'),
    ]);
    return { ebay };
  },
  head: () => ({ meta: [{ title: 'Dashboard · stocksync' }] }),
  component: DashboardPage,
});

function DashboardPage() {
  const { organization } = Route.useRouteContext();
  const { status, message, days, from, to } = Route.useSearch();
  const { ebay } = Route.useLoaderData();
  const navigate = Route.useNavigate();
  const onRangeChange = (range: AnalyticsRangeSearch) =>
    void navigate({
      search: (prev) => ({ ...prev, days: undefined, from: undefined, to: undefined, ...range }),
    });
  return (
    <DashboardScreen
      organization={organization}
      status={status}
      message={message}
      ebay={ebay}
      range={{ days, from, to }}
      onRangeChange={onRangeChange}
    />
  );
}
