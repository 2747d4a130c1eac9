import { useEffect, useRef } from 'react';
import { getRouteApi, useRouterState } from '@tanstack/react-router';
import { toast } from 'sonner';
import { useSyncShopify, useSyncStripe } from '../api/billing-mutations';
import type { BillingProvider, Subscription } from '../api/types';
import { billingReturnOf } from '../billing-search';
import { statusBadge } from '../billing-format';

const route = getRouteApi('/$org/settings/billing');

/** Access comes from what the provider reports, so the toast says what the sync found. */
function toastOutcome(subscription: Subscription, provider: BillingProvider) {
  const status = statusBadge(subscription.status).label.toLowerCase();
  const live = subscription.status === 'active' || subscription.status === 'trialing';
  if (subscription.provider === provider && live) {
    toast.success(`Subscribed to ${subscription.plan?.name ?? 'your plan'}`, {
      description: `Your subscription is ${status}.`,
    });
  } else if (provider === 'SHOPIFY') {
    toast.error('The Shopify charge was not approved', {
      description: 'Nothing was charged. Choose a plan to try again.',
    });
  } else {
    toast.warning('The subscription is not active yet', {
      description: `The payment is not confirmed (status: ${status}). This page shows the change when it is.`,
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
  // Once per visit: the providers return with a full page load, and the router may rewrite the
  // query string (same parameters, another spelling) before the parameters are cleared.
  const handled = useRef(false);

  useEffect(() => {
    const back = billingReturnOf(search, rawSearch);
    if (!back || handled.current) return;
    handled.current = true;
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
          onSuccess: ({ subscription }) =>
            back.outcome === 'success' ? toastOutcome(subscription, 'STRIPE') : undefined,
          onError: failed,
          onSettled: clear,
        },
      );
    } else {
      syncShopify(
        { orgId, shopifySub: back.shopifySub },
        {
          onSuccess: ({ subscription }) => toastOutcome(subscription, 'SHOPIFY'),
          onError: failed,
          onSettled: clear,
        },
      );
    }
  }, [rawSearch, search, orgId, navigate, syncStripe, syncShopify]);

  return stripePending || shopifyPending;
}
