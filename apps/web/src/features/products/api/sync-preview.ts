import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { SyncPreviewResponse } from '@stocksync/contract';
import { productKeys } from './product-keys';

/** POST /v1/products/sync-preview {ids}: what turning sync on would push; nothing changes. */
export function getSyncPreview(orgId: string, ids: string[], signal?: AbortSignal) {
  return apiRequest<SyncPreviewResponse>('/products/sync-preview', {
    method: 'POST',
    orgId,
    body: { ids },
    signal,
  });
}

/** Read while the confirmation is open, never from an older answer. */
export function useSyncPreview(orgId: string, ids: string[], enabled: boolean) {
  return useQuery({
    queryKey: productKeys.syncPreview(orgId, ids),
    queryFn: ({ signal }) => getSyncPreview(orgId, ids, signal),
    enabled,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}
