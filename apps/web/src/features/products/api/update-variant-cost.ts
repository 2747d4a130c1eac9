import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { productKeys } from './product-keys';
import type { ProductDetail, UpdateCostBody, UpdateCostResponse, Variant } from './types';

export type UpdateVariantCostInput = { orgId: string } & UpdateCostBody;

/** POST /v1/variants/cost; 400 {error, field} for an invalid amount. */
export function updateVariantCost({ orgId, ...body }: UpdateVariantCostInput) {
  return apiRequest<UpdateCostResponse>('/variants/cost', { method: 'POST', orgId, body });
}

/** Puts a variant the API answered into the cached product, before the product refetches. */
export function replaceCachedVariant(
  queryClient: QueryClient,
  orgId: string,
  productId: string,
  variant: Variant,
) {
  queryClient.setQueryData<ProductDetail>(productKeys.detail(orgId, productId), (product) =>
    product
      ? {
          ...product,
          variants: product.variants.map((old) => (old.id === variant.id ? variant : old)),
        }
      : product,
  );
}

/** A variant edit on the product page: the variant's product is named for the cache. */
export type VariantEdit<Input> = { productId: string; input: Input };

/**
 * A mutation of one variant: the answered variant goes into the cached product at once, then
 * every catalogue query of the organisation refetches (product, listings, history, lists).
 */
export function useVariantMutation<Input extends { orgId: string }>(
  mutate: (input: Input) => Promise<UpdateCostResponse>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input }: VariantEdit<Input>) => mutate(input),
    onSuccess: ({ variant }, { productId, input }) =>
      replaceCachedVariant(queryClient, input.orgId, productId, variant),
    onSettled: (_result, _error, { input }) =>
      queryClient.invalidateQueries({ queryKey: productKeys.all(input.orgId) }),
  });
}

export function useUpdateVariantCost() {
  return useVariantMutation(updateVariantCost);
}
