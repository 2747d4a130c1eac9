import { queryOptions, useQuery } from '@tanstack/react-query';
import { billingFetchErrors, billingGet } from './billing-fetch';
import { billingKeys } from './billing-keys';
import type { SubscriptionResponse } from './types';

/** GET /v1/users/subscription: the organisation's subscription, gate and usage. */
export function getSubscription(orgId: string, signal?: AbortSignal) {
  return billingGet<SubscriptionResponse>(
    '/users/subscription',
    orgId,
    billingFetchErrors.subscription,
    signal,
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

/** The org layout's banner: checked once a minute at most, and after every billing change. */
export function useSubscriptionBanner(orgId: string) {
  return useQuery({ ...subscriptionQueryOptions(orgId), staleTime: 60_000, retry: false });
}
