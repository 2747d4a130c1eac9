import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { ProductListingsResponse } from '@stocksync/contract';
import { listingsRefetchInterval } from '../stock';
import { productKeys } from './product-keys';

/** GET /v1/products/{id}/listings: every listing of the product's variants. */
export function getProductListings(orgId: string, id: string, signal?: AbortSignal) {
  return apiRequest<ProductListingsResponse>(`/products/${encodeURIComponent(id)}/listings`, {
    orgId,
    signal,
  });
}

export const productListingsQueryOptions = (orgId: string, id: string) =>
  queryOptions({
    queryKey: productKeys.listings(orgId, id),
    queryFn: ({ signal }) => getProductListings(orgId, id, signal),
    // While a push is on its way the listings are read again every few seconds.
    refetchInterval: (query) => listingsRefetchInterval(query.state.data?.listings),
  });

export function useProductListings(orgId: string, id: string) {
  return useQuery(productListingsQueryOptions(orgId, id));
}
