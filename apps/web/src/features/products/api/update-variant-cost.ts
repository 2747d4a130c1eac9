import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { productKeys } from './product-keys';
import type { UpdateCostBody, UpdateCostResponse } from './types';

export type UpdateVariantCostInput = UpdateCostBody;

/** POST /v1/variants/cost; 400 {error, field} for an invalid amount. */
export function updateVariantCost(input: UpdateVariantCostInput) {
  return apiRequest<UpdateCostResponse>('/variants/cost', { method: 'POST', body: input });
}

export function useUpdateVariantCost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateVariantCost,
    onSettled: () => queryClient.invalidateQueries({ queryKey: productKeys.all }),
  });
}
