import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { useGatedToastAction } from '@/features/billing';
import { apiRequest } from '@/lib/api-client';
import { integrationKeys } from './integration-keys';
import type { PlatformConnection } from './types';

export type ToggleSyncInput = { orgId: string; pcId: string };

/** POST /v1/sync/toggle {pc_id}: turns stock sync for one connection on or off. */
export function toggleSync({ orgId, pcId }: ToggleSyncInput) {
  return apiRequest<PlatformConnection>('/sync/toggle', {
    method: 'POST',
    orgId,
    body: { pc_id: pcId },
  });
}

/** Spec §4/§8: toasts the outcome and refreshes the platforms list either way. */
export function useToggleSync(orgName: string) {
  const queryClient = useQueryClient();
  const gatedAction = useGatedToastAction(orgName);
  return useMutation({
    mutationFn: toggleSync,
    onSuccess: () => toast.success('Sync state updated'),
    onError: (error) =>
      toast.error('Sync state update failed', {
        description: error.message,
        action: gatedAction(error),
      }),
    onSettled: (_data, _error, input) =>
      queryClient.invalidateQueries({ queryKey: integrationKeys.platforms(input.orgId) }),
  });
}
