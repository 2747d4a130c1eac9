import { queryOptions, useQuery } from '@tanstack/react-query';
import { billingFetchErrors, billingGet } from './billing-fetch';
import { billingKeys } from './billing-keys';
import type { SubscriptionResponse } from './types';

/** GET /v1/users/subscription: the organisation's subscription, gate and usage. */
export function getSubscription(
  orgId: string,
  signal?: AbortSignal,
  options?: { ignoreUnauthorized?: boolean },
) {
  return billingGet<SubscriptionResponse>(
    '/users/subscription',
    orgId,
    billingFetchErrors.subscription,
    signal,
    options,
  );
}

export const subscriptionQueryOptions = (orgId: string) =>
  queryOptions({
    queryKey: billingKeys.subscription(orgId),
    queryFn: ({ signal }) => getSubscription(orgId, signal),
    select: (body) => body.subscription,
  });

export function useSubscription(orgId: string) {
  return useQuery(subscriptionQueryOptions(orgId));
}

/**
 * The org layout's banner: checked once a minute at most, and after every billing change. A
 * background notice, so a refused token is left to the screen's own calls to act on.
 */
export function useSubscriptionBanner(orgId: string, enabled: boolean) {
  return useQuery({
    ...subscriptionQueryOptions(orgId),
    queryFn: ({ signal }) => getSubscription(orgId, signal, { ignoreUnauthorized: true }),
    staleTime: 60_000,
    retry: false,
    enabled,
  });
}
