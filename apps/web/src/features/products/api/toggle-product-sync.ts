import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { apiRequest } from '@/lib/api-client';
import { productKeys } from './product-keys';
import type { ProductList, ProductRow } from './types';

export type ToggleProductSyncInput = {
  ids: string[];
  /** Set every product to this state; without it each product flips. */
  is_synced?: boolean;
};

/** POST /v1/products/sync. */
export function toggleProductSync(input: ToggleProductSyncInput) {
  return apiRequest<{ products: ProductRow[] }>('/products/sync', { method: 'POST', body: input });
}

type Snapshot = [readonly unknown[], ProductList | undefined][];

async function applyOptimistic(queryClient: QueryClient, input: ToggleProductSyncInput) {
  await queryClient.cancelQueries({ queryKey: productKeys.lists() });
  const snapshot: Snapshot = queryClient.getQueriesData<ProductList>({
    queryKey: productKeys.lists(),
  });
  const ids = new Set(input.ids);
  queryClient.setQueriesData<ProductList>({ queryKey: productKeys.lists() }, (list) =>
    list
      ? {
          ...list,
          products: list.products.map((product) =>
            ids.has(product.id)
              ? { ...product, is_synced: input.is_synced ?? !product.is_synced }
              : product,
          ),
        }
      : list,
  );
  return { snapshot };
}

/** Spec §4: updates the cached list at once, rolls back on failure, then refetches. */
export function useToggleProductSync() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: toggleProductSync,
    onMutate: (input) => applyOptimistic(queryClient, input),
    onError: (error, _input, context) => {
      context?.snapshot.forEach(([key, data]) => queryClient.setQueryData(key, data));
      toast.error('Failed to update product sync state', {
        description: error instanceof Error ? error.message : undefined,
      });
    },
    onSuccess: () => {
      toast.success('Updated product sync state');
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: productKeys.all }),
  });
}
