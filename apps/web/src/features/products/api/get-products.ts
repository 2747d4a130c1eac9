import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { productKeys } from './product-keys';
import type { ProductList, ProductListParams } from './types';

/** Spec §9: the product list is cached for 5 minutes (and invalidated by every change). */
export const PRODUCT_LIST_STALE_TIME = 5 * 60 * 1000;

export function getProducts(orgId: string, params: ProductListParams, signal?: AbortSignal) {
  const query = new URLSearchParams({
    page: String(params.page),
    pageSize: String(params.pageSize),
  });
  if (params.search) query.set('search', params.search);
  if (params.synced) query.set('synced', params.synced);
  if (params.missingSku) query.set('missingSku', params.missingSku);
  if (params.missingCost) query.set('missingCost', params.missingCost);
  if (params.stock) query.set('stock', params.stock);
  if (params.sort) query.set('sort', params.sort);
  if (params.sort && params.order) query.set('order', params.order);
  return apiRequest<ProductList>(`/products?${query.toString()}`, { orgId, signal });
}

export const productsQueryOptions = (orgId: string, params: ProductListParams) =>
  queryOptions({
    queryKey: productKeys.list(orgId, params),
    queryFn: ({ signal }) => getProducts(orgId, params, signal),
    staleTime: PRODUCT_LIST_STALE_TIME,
  });

export function useProducts(orgId: string, params: ProductListParams) {
  // The previous page stays on screen while the next one loads.
  return useQuery({ ...productsQueryOptions(orgId, params), placeholderData: keepPreviousData });
}

/** How many products a list query matches (its total, read as a one-row page), when enabled. */
export function useProductsTotal(orgId: string, params: ProductListParams, enabled: boolean) {
  const one = { ...params, page: 1, pageSize: 1 };
  return useQuery({ ...productsQueryOptions(orgId, one), enabled, select: (list) => list.total });
}
