import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SkuWritebackPreview, SkuWritebackQueued, UpdateSkuBody } from '@stocksync/contract';
import { apiRequest } from '@/lib/api-client';
import { productKeys } from './product-keys';
import type { UpdateCostResponse } from './types';
import { useVariantMutation } from './update-variant-cost';

/** POST /v1/variants/sku: 400 naming sku for a bad one, 409 when another variant holds it. */
export function updateVariantSku({ orgId, ...body }: { orgId: string } & UpdateSkuBody) {
  return apiRequest<UpdateCostResponse>('/variants/sku', { method: 'POST', orgId, body });
}

export function useUpdateVariantSku() {
  return useVariantMutation(updateVariantSku);
}

/** POST /v1/sku-writeback/preview: which listing would get which SKU; nothing is sent. */
export function useSkuWritebackPreview(orgId: string, variantIds: string[], enabled: boolean) {
  return useQuery({
    queryKey: [...productKeys.all(orgId), 'sku-writeback', variantIds],
    queryFn: ({ signal }) =>
      apiRequest<SkuWritebackPreview>('/sku-writeback/preview', {
        method: 'POST',
        orgId,
        body: { variant_ids: variantIds },
        signal,
      }),
    enabled: enabled && variantIds.length > 0,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}

/** POST /v1/sku-writeback: queues the pushes (202); results show in a later preview. */
export function useSendSkus(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variantIds: string[]) =>
      apiRequest<SkuWritebackQueued>('/sku-writeback', {
        method: 'POST',
        orgId,
        body: { variant_ids: variantIds },
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: productKeys.all(orgId) }),
  });
}
