import { createFileRoute } from '@tanstack/react-router';
import { billingSearchSchema } from '@/features/billing/billing-search';
import { loadBilling } from '@/features/billing/api/load-billing';
import { BillingScreen } from '@/features/billing/components/billing-screen';

export const Route = createFileRoute('/$org/settings/billing')({
  validateSearch: billingSearchSchema,
  // Spec §7: the billing loader returns empty defaults on failure (each read on its own).
  loader: ({ context }) => loadBilling(context.queryClient, context.organization.id),
  head: () => ({ meta: [{ title: 'Billing · stocksync' }] }),
  component: BillingPage,
});

function BillingPage() {
  const { organization } = Route.useRouteContext();
  const initial = Route.useLoaderData();
  return <BillingScreen key={organization.id} organization={organization} initial={initial} />;
}
