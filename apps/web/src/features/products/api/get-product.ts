import { queryOptions, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { productKeys } from './product-keys';
import type { ProductDetail } from './types';

export function getProduct(id: string, signal?: AbortSignal) {
  return apiRequest<ProductDetail>(`/products/${encodeURIComponent(id)}`, { signal });
}

export const productQueryOptions = (id: string) =>
  queryOptions({
    queryKey: productKeys.detail(id),
    queryFn: ({ signal }) => getProduct(id, signal),
  });

/** For the product screen, whose loader has already fetched the product. */
export function useProduct(id: string) {
  return useSuspenseQuery(productQueryOptions(id));
}

/** For lazily loaded places such as an expanded inventory row. */
export function useProductLazy(id: string) {
  return useQuery(productQueryOptions(id));
}
