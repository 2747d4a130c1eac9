import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { apiRequest } from '@/lib/api-client';
import type { GenerateSkusBody, GenerateSkusResponse } from '@stocksync/contract';
import { productKeys } from './product-keys';
import type { ProductList } from './types';

/** all_selected: true means every product of the organisation, not only `ids`. */
export type GenerateSkusInput = { orgId: string } & GenerateSkusBody;

/** POST /v1/users/sku-settings/generate fills variants that have no SKU. */
export function generateSkus({ orgId, ...body }: GenerateSkusInput) {
  return apiRequest<GenerateSkusResponse>('/users/sku-settings/generate', {
    method: 'POST',
    orgId,
    body,
  });
}

/** Spec §4: the affected rows are replaced with the returned products, then the list refetches. */
export function useGenerateSkus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: generateSkus,
    onSuccess: (result, { orgId }) => {
      const byId = new Map(result.products.map((product) => [product.id, product]));
      queryClient.setQueriesData<ProductList>({ queryKey: productKeys.lists(orgId) }, (list) =>
        list
          ? {
              ...list,
              products: list.products.map((product) => byId.get(product.id) ?? product),
            }
          : list,
      );
      const failed = result.failed.length;
      toast.success('Generated new skus', {
        description:
          failed > 0
            ? `${result.generated} generated; ${failed} ${failed === 1 ? 'variant' : 'variants'} could not get a SKU.`
            : `${result.generated} generated.`,
      });
    },
    onError: (error) => {
      toast.error('Failed to generate new skus', {
        description: error instanceof Error ? error.message : undefined,
      });
    },
    onSettled: (_result, _error, { orgId }) =>
      queryClient.invalidateQueries({ queryKey: productKeys.all(orgId) }),
  });
}
