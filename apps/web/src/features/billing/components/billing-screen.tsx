import { CreditCard } from 'lucide-react';
import { EmptyState } from '@/components/layout/empty-state';

export function BillingScreen() {
  return (
    <EmptyState
      icon={CreditCard}
      title="Billing"
      description="Plans, your subscription and payment details will be managed here. Subscriptions are not available in this version yet."
    />
  );
}
