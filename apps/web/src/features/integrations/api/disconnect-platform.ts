import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { productKeys } from '@/features/products';
import { apiRequest } from '@/lib/api-client';
import { integrationKeys } from './integration-keys';

export type DisconnectInput = { orgId: string; id: string };

/** DELETE /v1/platforms/{id} → 204. */
export function disconnectPlatform({ orgId, id }: DisconnectInput) {
  return apiRequest<null>(`/platforms/${encodeURIComponent(id)}`, { method: 'DELETE', orgId });
}

export function useDisconnectPlatform() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disconnectPlatform,
    onSuccess: () => toast.success('Account disconnected'),
    onError: (error) => toast.error(`Could not disconnect the account: ${error.message}`),
    onSettled: async (_result, _error, { orgId }) => {
      await queryClient.invalidateQueries({ queryKey: integrationKeys.all });
      // The account's listings no longer count in the inventory's platform columns.
      await queryClient.invalidateQueries({ queryKey: productKeys.all(orgId) });
    },
  });
}
