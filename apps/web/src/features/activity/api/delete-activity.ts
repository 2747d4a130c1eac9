import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { apiRequest } from '@/lib/api-client';
import { activityKeys } from './activity-keys';

export type DeleteActivityInput = { orgId: string; id: string };

/** DELETE /v1/activity_logs/{id} → 204. */
export function deleteActivity({ orgId, id }: DeleteActivityInput) {
  return apiRequest<null>(`/activity_logs/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    orgId,
  });
}

export function useDeleteActivity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteActivity,
    onSuccess: () => toast.success('Deleted activity'),
    onError: (error) => toast.error(`Could not delete the activity: ${error.message}`),
    onSettled: (_result, _error, { orgId }) =>
      queryClient.invalidateQueries({ queryKey: activityKeys.lists(orgId) }),
  });
}
