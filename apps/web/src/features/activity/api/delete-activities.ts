import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { apiRequest } from '@/lib/api-client';
import { activityKeys } from './activity-keys';
import type { DeleteActivitiesResponse } from './types';

export type DeleteActivitiesInput = { orgId: string; ids: string[] };

/** DELETE /v1/activity_logs {ids} → {deleted}. */
export function deleteActivities({ orgId, ids }: DeleteActivitiesInput) {
  return apiRequest<DeleteActivitiesResponse>('/activity_logs', {
    method: 'DELETE',
    orgId,
    body: { ids },
  });
}

export function useDeleteActivities() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteActivities,
    onSuccess: () => toast.success('Deleted activity'),
    onError: (error) => toast.error(`Could not delete the activities: ${error.message}`),
    onSettled: (_result, _error, { orgId }) =>
      queryClient.invalidateQueries({ queryKey: activityKeys.lists(orgId) }),
  });
}
