import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { apiRequest } from '@/lib/api-client';
import type { SyncProductsBody, SyncProductsResponse } from '@stocksync/contract';
import { productKeys } from './product-keys';
import type { ProductList } from './types';

/**
 * Without is_synced each product flips; with it every product is set to that state. With
 * all_selected (and is_synced) every product the list's filters match, on every page.
 */
export type ToggleProductSyncInput = { orgId: string } & SyncProductsBody;

/** POST /v1/products/sync. */
export function toggleProductSync({ orgId, ...body }: ToggleProductSyncInput) {
  return apiRequest<SyncProductsResponse>('/products/sync', { method: 'POST', orgId, body });
}

type Snapshot = [readonly unknown[], ProductList | undefined][];

async function applyOptimistic(queryClient: QueryClient, input: ToggleProductSyncInput) {
  const lists = productKeys.lists(input.orgId);
  await queryClient.cancelQueries({ queryKey: lists });
  const snapshot: Snapshot = queryClient.getQueriesData<ProductList>({ queryKey: lists });
  // "All selected" covers rows of other pages too: the refetch after it shows them.
  const ids = new Set(input.ids ?? []);
  queryClient.setQueriesData<ProductList>({ queryKey: lists }, (list) =>
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
    onSuccess: (result) => {
      toast.success('Updated product sync state', {
        description: `${result.changed} ${result.changed === 1 ? 'product' : 'products'} changed.`,
      });
    },
    onSettled: (_result, _error, { orgId }) =>
      queryClient.invalidateQueries({ queryKey: productKeys.all(orgId) }),
  });
}
