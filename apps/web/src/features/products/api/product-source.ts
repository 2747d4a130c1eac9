import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { productSourceMessages, type ProductSource } from '@stocksync/contract';
import { toast } from 'sonner';
import { apiRequest } from '@/lib/api-client';
import { productKeys } from './product-keys';

// Under the product's detail key: whatever refreshes the product refreshes its source too.
const sourceKey = (orgId: string, id: string) => [...productKeys.detail(orgId, id), 'source'];

/** GET /v1/products/{id}/source: the source connection and those that could be it. */
export const productSourceQueryOptions = (orgId: string, id: string) =>
  queryOptions({
    queryKey: sourceKey(orgId, id),
    queryFn: ({ signal }) =>
      apiRequest<ProductSource>(`/products/${encodeURIComponent(id)}/source`, { orgId, signal }),
  });

export function useProductSource(orgId: string, id: string) {
  return useQuery(productSourceQueryOptions(orgId, id));
}

type ChangeSourceInput = { orgId: string; productId: string; pcId: string };

/** PUT /v1/products/{id}/source {pc_id}; 400 naming pc_id for a connection not listing it. */
export function changeProductSource({ orgId, productId, pcId }: ChangeSourceInput) {
  return apiRequest<ProductSource>(`/products/${encodeURIComponent(productId)}/source`, {
    method: 'PUT',
    orgId,
    body: { pc_id: pcId },
  });
}

export function useChangeProductSource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeProductSource,
    onSuccess: (source, { orgId, productId }) => {
      queryClient.setQueryData(sourceKey(orgId, productId), source);
      toast.success(productSourceMessages.changed);
    },
    onError: (error) => toast.error(error.message),
  });
}
