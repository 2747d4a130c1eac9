import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { activityKeys } from './activity-keys';
import type { ActivityList, ActivityListParams } from './types';

export function getActivities(params: ActivityListParams, signal?: AbortSignal) {
  const query = new URLSearchParams({
    page: String(params.page),
    pageSize: String(params.pageSize),
  });
  return apiRequest<ActivityList>(`/activity_logs?${query.toString()}`, { signal });
}

export const activitiesQueryOptions = (params: ActivityListParams) =>
  queryOptions({
    queryKey: activityKeys.list(params),
    queryFn: ({ signal }) => getActivities(params, signal),
  });

export function useActivities(params: ActivityListParams) {
  return useQuery({ ...activitiesQueryOptions(params), placeholderData: keepPreviousData });
}
