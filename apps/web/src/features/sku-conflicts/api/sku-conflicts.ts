import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  SkuConflictFixesApplied,
  SkuConflictFixesBody,
  SkuConflictFixesPreview,
  SkuConflictsResponse,
} from '@stocksync/contract';
import { productKeys } from '@/features/products';
import { apiRequest } from '@/lib/api-client';
import type { SkuConflictsSearch } from '../sku-conflicts-search';

// Keys carry the organisation: these calls answer per organisation (X-Organization-Id).
export const skuConflictKeys = {
  all: (orgId: string) => ['sku-conflicts', orgId] as const,
  list: (orgId: string, search: SkuConflictsSearch) =>
    [...skuConflictKeys.all(orgId), 'list', search] as const,
  preview: (orgId: string, body: SkuConflictFixesBody) =>
    [...skuConflictKeys.all(orgId), 'preview', body] as const,
};

/** GET /v1/sku-conflicts: a page of conflicts (of one kind) with the counts of every kind. */
export function useSkuConflicts(orgId: string, search: SkuConflictsSearch) {
  return useQuery({
    queryKey: skuConflictKeys.list(orgId, search),
    queryFn: ({ signal }) => {
      const query = new URLSearchParams({
        page: String(search.page),
        pageSize: String(search.pageSize),
      });
      if (search.kind) query.set('kind', search.kind);
      return apiRequest<SkuConflictsResponse>(`/sku-conflicts?${query.toString()}`, {
        orgId,
        signal,
      });
    },
    placeholderData: keepPreviousData,
  });
}

/** POST /v1/sku-conflicts/fixes/preview: what the fixes would change; nothing is changed. */
export function useFixesPreview(orgId: string, body: SkuConflictFixesBody | null) {
  return useQuery({
    queryKey: skuConflictKeys.preview(orgId, body ?? {}),
    queryFn: ({ signal }) =>
      apiRequest<SkuConflictFixesPreview>('/sku-conflicts/fixes/preview', {
        method: 'POST',
        orgId,
        body,
        signal,
      }),
    enabled: body !== null,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}

/** POST /v1/sku-conflicts/fixes: applies them and sends the SKUs; a result per conflict. */
export function useApplyFixes(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SkuConflictFixesBody) =>
      apiRequest<SkuConflictFixesApplied>('/sku-conflicts/fixes', { method: 'POST', orgId, body }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: skuConflictKeys.all(orgId) }),
        queryClient.invalidateQueries({ queryKey: productKeys.all(orgId) }),
      ]),
  });
}
