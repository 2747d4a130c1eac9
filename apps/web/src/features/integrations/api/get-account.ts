import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { integrationKeys } from './integration-keys';
import type { ChannelAccount, Platform } from './types';

/** GET /v1/platforms/{platform}/alias?alias=: the connected account behind an alias. */
export function getAccount(orgId: string, platform: Platform, alias: string, signal?: AbortSignal) {
  const query = new URLSearchParams({ alias });
  return apiRequest<ChannelAccount>(`/platforms/${platform}/alias?${query.toString()}`, {
    orgId,
    signal,
  });
}

export const accountQueryOptions = (orgId: string, platform: Platform, alias: string) =>
  queryOptions({
    queryKey: integrationKeys.account(orgId, platform, alias),
    queryFn: ({ signal }) => getAccount(orgId, platform, alias, signal),
  });

export function useAccount(orgId: string, platform: Platform, alias: string) {
  return useQuery(accountQueryOptions(orgId, platform, alias));
}
