import { useMutation } from '@tanstack/react-query';
import { toast } from 'sonner';
import type { ReconcileBody, ReconcileResponse } from '@stocksync/contract';
import { useGatedToastAction } from '@/features/billing';
import { apiRequest } from '@/lib/api-client';

export type ReconcileInput = { orgId: string } & ReconcileBody;

/** POST /v1/sync/reconcile {pc_id?}: compares channel quantities with the master now. */
export function reconcile({ orgId, ...body }: ReconcileInput) {
  return apiRequest<ReconcileResponse>('/sync/reconcile', { method: 'POST', orgId, body });
}

/** "Check stock now": the check runs in the background; drift found shows in stock history. */
export function useReconcile(orgName: string) {
  const gatedAction = useGatedToastAction(orgName);
  return useMutation({
    mutationFn: reconcile,
    onSuccess: () =>
      toast.success('Stock check started', {
        description: 'Channel quantities are compared with yours; differences are repaired.',
      }),
    onError: (error) =>
      toast.error('Stock check failed', { description: error.message, action: gatedAction(error) }),
  });
}
