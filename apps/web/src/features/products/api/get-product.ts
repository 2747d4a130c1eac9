import { queryOptions, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { productKeys } from './product-keys';
import type { ProductDetail } from './types';

export function getProduct(orgId: string, id: string, signal?: AbortSignal) {
  return apiRequest<ProductDetail>(`/products/${encodeURIComponent(id)}`, { orgId, signal });
}

export const productQueryOptions = (orgId: string, id: string) =>
  queryOptions({
    queryKey: productKeys.detail(orgId, id),
    queryFn: ({ signal }) => getProduct(orgId, id, signal),
  });

/** For the product screen, whose loader has already fetched the product. */
export function useProduct(orgId: string, id: string) {
  return useSuspenseQuery(productQueryOptions(orgId, id));
}

/** For lazily loaded places such as an expanded inventory row. */
export function useProductLazy(orgId: string, id: string) {
  return useQuery(productQueryOptions(orgId, id));
}
