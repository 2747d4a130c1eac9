import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { productKeys } from './product-keys';
import type { Variant } from './types';

export type UpdateVariantCostInput = { variant_id: string; cost: number };

/** POST /v1/variants/cost; 400 {error, field} for an invalid amount. */
export function updateVariantCost(input: UpdateVariantCostInput) {
  return apiRequest<{ variant: Variant }>('/variants/cost', { method: 'POST', body: input });
}

export function useUpdateVariantCost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateVariantCost,
    onSettled: () => queryClient.invalidateQueries({ queryKey: productKeys.all }),
  });
}
