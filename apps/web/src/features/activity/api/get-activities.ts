import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { activityKeys } from './activity-keys';
import type { ActivityList, ActivityListParams } from './types';

export function getActivities(orgId: string, params: ActivityListParams, signal?: AbortSignal) {
  const query = new URLSearchParams({
    page: String(params.page),
    pageSize: String(params.pageSize),
    ...(params.userId ? { user_id: params.userId } : {}),
  });
  return apiRequest<ActivityList>(`/activity_logs?${query.toString()}`, { orgId, signal });
}

export const activitiesQueryOptions = (orgId: string, params: ActivityListParams) =>
  queryOptions({
    queryKey: activityKeys.list(orgId, params),
    queryFn: ({ signal }) => getActivities(orgId, params, signal),
  });

export function useActivities(orgId: string, params: ActivityListParams) {
  return useQuery({ ...activitiesQueryOptions(orgId, params), placeholderData: keepPreviousData });
}
