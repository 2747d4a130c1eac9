import { apiRequest } from '@/lib/api-client';
import type { UpdateQuantityBody } from '@stocksync/contract';
import type { UpdateCostResponse } from './types';
import { useVariantMutation } from './update-variant-cost';

export type UpdateVariantQuantityInput = { orgId: string } & UpdateQuantityBody;

/** POST /v1/variants/quantity: sets the master quantity; 400 {error, field} for a bad one. */
export function updateVariantQuantity({ orgId, ...body }: UpdateVariantQuantityInput) {
  return apiRequest<UpdateCostResponse>('/variants/quantity', { method: 'POST', orgId, body });
}

/** The product, its listings (now pushing), its stock history and the product lists refetch. */
export function useUpdateVariantQuantity() {
  return useVariantMutation(updateVariantQuantity);
}
