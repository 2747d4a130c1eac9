import { createFileRoute } from '@tanstack/react-router';
import { billingAccess } from '@/lib/roles';
import { billingSearchSchema } from '@/features/billing/billing-search';
import { loadBilling } from '@/features/billing/api/load-billing';
import { BillingScreen } from '@/features/billing/components/billing-screen';

export const Route = createFileRoute('/$org/settings/billing')({
  validateSearch: billingSearchSchema,
  // Spec §7: the billing loader returns empty defaults on failure (each read on its own).
  loader: ({ context }) =>
    billingAccess(context.organization.role).allowed
      ? loadBilling(context.queryClient, context.organization.id)
      : null,
  head: () => ({ meta: [{ title: 'Billing · stocksync' }] }),
  component: BillingPage,
});

function BillingPage() {
  const { organization } = Route.useRouteContext();
  const initial = Route.useLoaderData();
  const access = billingAccess(organization.role);
  if (!access.allowed || !initial) {
    return (
      <p role="alert" className="text-sm text-muted-foreground">
        Billing: {access.reason.toLowerCase()}. Your role here is {organization.role}.
      </p>
    );
  }
  return <BillingScreen key={organization.id} organization={organization} initial={initial} />;
}
