import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { integrationKeys } from './integration-keys';
import type { PlatformsResponse } from './types';

/** GET /v1/platforms: the organisation's channel connections. */
export function getPlatforms(orgId: string, signal?: AbortSignal) {
  return apiRequest<PlatformsResponse>('/platforms', { orgId, signal });
}

export const platformsQueryOptions = (orgId: string) =>
  queryOptions({
    queryKey: integrationKeys.platforms(orgId),
    queryFn: ({ signal }) => getPlatforms(orgId, signal),
  });

export function usePlatforms(orgId: string) {
  return useQuery(platformsQueryOptions(orgId));
}
