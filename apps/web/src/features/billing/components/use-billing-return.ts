import { useEffect, useRef } from 'react';
import { getRouteApi, useRouterState } from '@tanstack/react-router';
import { toast } from 'sonner';
import { useSyncShopify, useSyncStripe } from '../api/billing-mutations';
import type { Subscription } from '../api/types';
import { billingReturnOf } from '../billing-search';
import { statusBadge } from '../billing-format';

const route = getRouteApi('/$org/settings/billing');

function toastOutcome(subscription: Subscription) {
  const plan = subscription.plan?.name ?? 'your plan';
  if (subscription.status === 'active' || subscription.status === 'trialing') {
    toast.success(`Subscribed to ${plan}`, {
      description: `Your subscription is ${statusBadge(subscription.status).label.toLowerCase()}.`,
    });
  } else {
    toast.warning('The subscription is not active yet', {
      description: `Its status is ${statusBadge(subscription.status).label.toLowerCase()}. This page shows the change when the payment is confirmed.`,
    });
  }
}

/**
 * Spec §2: back from Stripe Checkout (subscription=success) or Shopify's confirmation
 * (shopify_sub), the subscription is read from the provider once (access comes from that read or
 * the webhooks, never from the redirect itself), the outcome toasted, and the parameters removed
 * so a reload does not do it again.
 */
export function useBillingReturn(orgId: string) {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const rawSearch = useRouterState({ select: (state) => state.location.searchStr });
  const { mutate: syncStripe, isPending: stripePending } = useSyncStripe();
  const { mutate: syncShopify, isPending: shopifyPending } = useSyncShopify();
  const handled = useRef<string | null>(null);

  useEffect(() => {
    const back = billingReturnOf(search, rawSearch);
    if (!back || handled.current === rawSearch) return;
    handled.current = rawSearch;
    const clear = () => void navigate({ search: {}, replace: true });
    const failed = (error: Error) =>
      toast.error('Your subscription could not be confirmed', { description: error.message });
    if (back.provider === 'STRIPE') {
      if (back.outcome === 'cancelled') {
        toast.info('Checkout was cancelled; nothing was charged.');
        clear();
        return;
      }
      syncStripe(
        { orgId },
        {
          onSuccess: ({ subscription }) => toastOutcome(subscription),
          onError: failed,
          onSettled: clear,
        },
      );
    } else {
      syncShopify(
        { orgId, shopifySub: back.shopifySub },
        {
          onSuccess: ({ subscription }) =>
            subscription.provider === 'SHOPIFY' && subscription.status === 'canceled'
              ? toast.error('The Shopify charge was declined', {
                  description: 'Nothing was charged. Choose a plan to try again.',
                })
              : toastOutcome(subscription),
          onError: failed,
          onSettled: clear,
        },
      );
    }
  }, [rawSearch, search, orgId, navigate, syncStripe, syncShopify]);

  return stripePending || shopifyPending;
}
