import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { integrationKeys } from './integration-keys';
import type { ConnectUrlResponse } from './types';

export type OAuthPlatform = 'ebay' | 'tiktok';

/** GET /v1/platforms/{ebay|tiktok}/oauth/get-url: the consent page to send the seller to. */
export function getConnectUrl(orgId: string, platform: OAuthPlatform, signal?: AbortSignal) {
  return apiRequest<ConnectUrlResponse>(`/platforms/${platform}/oauth/get-url`, {
    orgId,
    signal,
  });
}

export const connectUrlQueryOptions = (orgId: string, platform: OAuthPlatform) =>
  queryOptions({
    queryKey: integrationKeys.connectUrl(orgId, platform),
    queryFn: ({ signal }) => getConnectUrl(orgId, platform, signal),
    // The URL carries a one-time state; a fresh one per visit, and no retries on a failure
    // (the screen shows the button disabled with the reason instead).
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });

/** Spec §2: the dashboard fetches the eBay connect URL on entry; a failure means an empty URL. */
export async function fetchConnectUrlOrEmpty(
  orgId: string,
  platform: OAuthPlatform,
): Promise<{ url: string; error: string | null; fetchedAt: number }> {
  const fetchedAt = Date.now();
  try {
    const { url } = await getConnectUrl(orgId, platform);
    return { url: url ?? '', error: url ? null : 'The server returned no address.', fetchedAt };
  } catch (error) {
    return { url: '', error: error instanceof Error ? error.message : 'Unknown error', fetchedAt };
  }
}

/** The server's OAuth state lives 10 minutes; an address older than this is fetched again. */
export const CONNECT_URL_MAX_AGE_MS = 8 * 60_000;

export function useConnectUrl(orgId: string, platform: OAuthPlatform) {
  return useQuery(connectUrlQueryOptions(orgId, platform));
}
