import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { apiRequest, isApiError } from '@/lib/api-client';
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

/** The alias lookup answered 404: no account of that platform has this alias here. */
export class AccountNotFoundError extends Error {
  constructor(readonly alias: string) {
    super(`No connected account named ${alias}`);
    this.name = 'AccountNotFoundError';
  }
}

/** Loads the account for a route loader, telling a missing account apart from other failures. */
export async function ensureAccount(
  queryClient: QueryClient,
  orgId: string,
  platform: Platform,
  alias: string,
) {
  try {
    return await queryClient.ensureQueryData(accountQueryOptions(orgId, platform, alias));
  } catch (error) {
    throw isApiError(error) && error.status === 404 ? new AccountNotFoundError(alias) : error;
  }
}
