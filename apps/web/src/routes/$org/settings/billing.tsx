import { createFileRoute } from '@tanstack/react-router';
import { billingSearchSchema } from '@/features/billing/billing-search';
import { BillingScreen } from '@/features/billing/components/billing-screen';

export const Route = createFileRoute('/$org/settings/billing')({
  validateSearch: billingSearchSchema,
  head: () => ({ meta: [{ title: 'Billing · stocksync' }] }),
  component: BillingScreen,
});
