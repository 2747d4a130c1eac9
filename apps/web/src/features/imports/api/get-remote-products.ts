import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { importKeys } from './import-keys';
import type { RemoteProductsParams, RemoteProductsResponse } from './types';

/** GET /v1/platforms/products?pc_id&cursor&search: one page of the account's catalogue. */
export function getRemoteProducts(
  orgId: string,
  { pcId, cursor, search }: RemoteProductsParams,
  signal?: AbortSignal,
) {
  const query = new URLSearchParams({ pc_id: pcId });
  if (cursor) query.set('cursor', cursor);
  if (search) query.set('search', search);
  return apiRequest<RemoteProductsResponse>(`/platforms/products?${query.toString()}`, {
    orgId,
    signal,
  });
}

export const remoteProductsQueryOptions = (orgId: string, params: RemoteProductsParams) =>
  queryOptions({
    queryKey: importKeys.remoteProducts(orgId, params),
    queryFn: ({ signal }) => getRemoteProducts(orgId, params, signal),
  });

/** Spec §2: the import screens refetch on mount and on window focus. */
export function useRemoteProducts(orgId: string, params: RemoteProductsParams) {
  return useQuery({
    ...remoteProductsQueryOptions(orgId, params),
    refetchOnMount: 'always',
    refetchOnWindowFocus: true,
    placeholderData: keepPreviousData,
  });
}
