import { queryOptions, useQuery } from '@tanstack/react-query';
import { billingFetchErrors, billingGet } from './billing-fetch';
import { billingKeys } from './billing-keys';
import type { ShopifySessionsResponse } from './types';

/** GET /v1/subscriptions/shopify/sessions: the organisation's Shopify stores that can bill. */
export function getShopifySessions(orgId: string, signal?: AbortSignal) {
  return billingGet<ShopifySessionsResponse>(
    '/subscriptions/shopify/sessions',
    orgId,
    billingFetchErrors.sessions,
    signal,
  );
}

export const shopifySessionsQueryOptions = (orgId: string) =>
  queryOptions({
    queryKey: billingKeys.shopifySessions(orgId),
    queryFn: ({ signal }) => getShopifySessions(orgId, signal),
    select: (body) => body.sessions,
  });

export function useShopifySessions(orgId: string) {
  return useQuery(shopifySessionsQueryOptions(orgId));
}
