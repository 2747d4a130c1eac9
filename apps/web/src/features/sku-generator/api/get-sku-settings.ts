import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SkuSettingsResponse } from '@stocksync/contract';
import { apiRequest } from '@/lib/api-client';
import { skuSettingsKeys } from './sku-settings-keys';

/** GET /v1/users/sku-settings: the organisation's settings row. */
export function getSkuSettings(orgId: string, signal?: AbortSignal) {
  return apiRequest<SkuSettingsResponse>('/users/sku-settings', { orgId, signal });
}

export const skuSettingsQueryOptions = (orgId: string) =>
  queryOptions({
    queryKey: skuSettingsKeys.detail(orgId),
    queryFn: ({ signal }) => getSkuSettings(orgId, signal),
  });

/** Spec §7: a failure yields no setting; the screen then starts from the defaults. */
export function useSkuSettings(orgId: string) {
  return useQuery(skuSettingsQueryOptions(orgId));
}
