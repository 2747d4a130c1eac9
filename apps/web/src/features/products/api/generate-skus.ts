import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { apiRequest } from '@/lib/api-client';
import { productKeys } from './product-keys';
import type { ProductList, ProductRow } from './types';

export type GenerateSkusInput = {
  ids: string[];
  /** true: every product of the organisation, not only `ids`. */
  all_selected: boolean;
};

export type GenerateSkusResult = {
  products: ProductRow[];
  generated: number;
  failed: { variant_id: string; reason: string }[];
};

/** POST /v1/users/sku-settings/generate fills variants that have no SKU. */
export function generateSkus(input: GenerateSkusInput) {
  return apiRequest<GenerateSkusResult>('/users/sku-settings/generate', {
    method: 'POST',
    body: input,
  });
}

/** Spec §4: the affected rows are replaced with the returned products, then the list refetches. */
export function useGenerateSkus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: generateSkus,
    onSuccess: (result) => {
      const byId = new Map(result.products.map((product) => [product.id, product]));
      queryClient.setQueriesData<ProductList>({ queryKey: productKeys.lists() }, (list) =>
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
    onSettled: () => queryClient.invalidateQueries({ queryKey: productKeys.all }),
  });
}
