import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { productKeys } from './product-keys';
import type { UpdateCostBody, UpdateCostResponse } from './types';

export type UpdateVariantCostInput = { orgId: string } & UpdateCostBody;

/** POST /v1/variants/cost; 400 {error, field} for an invalid amount. */
export function updateVariantCost({ orgId, ...body }: UpdateVariantCostInput) {
  return apiRequest<UpdateCostResponse>('/variants/cost', { method: 'POST', orgId, body });
}

export function useUpdateVariantCost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateVariantCost,
    onSettled: (_result, _error, { orgId }) =>
      queryClient.invalidateQueries({ queryKey: productKeys.all(orgId) }),
  });
}
