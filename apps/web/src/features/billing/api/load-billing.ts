import type { QueryClient } from '@tanstack/react-query';
import { gateQueryOptions } from './get-gate';
import { plansQueryOptions } from './get-plans';
import { shopifySessionsQueryOptions } from './get-shopify-sessions';
import { subscriptionQueryOptions } from './get-subscription';
import type { Plan, ShopifySession, Subscription } from './types';

export type BillingData = {
  subscription: Subscription | null;
  plans: Plan[];
  sessions: ShopifySession[];
  isGated: boolean;
};

export const emptyBillingData: BillingData = {
  subscription: null,
  plans: [],
  sessions: [],
  isGated: false,
};

/**
 * Spec §7: the billing loader returns empty defaults on failure. Each read falls back on its own
 * (logged), so a failing plans call still shows the subscription; the screen retries them.
 */
export async function loadBilling(queryClient: QueryClient, orgId: string): Promise<BillingData> {
  // No retries here: the screen's own queries retry; navigation should not wait for them.
  const once = { retry: false } as const;
  const orDefault = <T>(promise: Promise<T>, fallback: T) =>
    promise.catch((error: unknown) => {
      console.warn(error);
      return fallback;
    });
  const [subscription, plans, sessions, gate] = await Promise.all([
    orDefault(
      queryClient
        .ensureQueryData({ ...subscriptionQueryOptions(orgId), ...once })
        .then((b) => b.subscription),
      emptyBillingData.subscription,
    ),
    orDefault(
      queryClient.ensureQueryData({ ...plansQueryOptions(orgId), ...once }).then((b) => b.plans),
      emptyBillingData.plans,
    ),
    orDefault(
      queryClient
        .ensureQueryData({ ...shopifySessionsQueryOptions(orgId), ...once })
        .then((b) => b.sessions),
      emptyBillingData.sessions,
    ),
    queryClient.ensureQueryData({ ...gateQueryOptions(orgId), ...once }),
  ]);
  return { subscription, plans, sessions, isGated: gate.is_gated };
}
