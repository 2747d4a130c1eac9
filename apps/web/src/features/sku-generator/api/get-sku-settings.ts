import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SkuSettingsResponse } from '@stocksync/contract';
import { apiRequest } from '@/lib/api-client';
import { skuSettingsKeys } from './sku-settings-keys';

/** GET /v1/users/sku-settings: the organisation's settings row. */
export function getSkuSettings(signal?: AbortSignal) {
  return apiRequest<SkuSettingsResponse>('/users/sku-settings', { signal });
}

export const skuSettingsQueryOptions = () =>
  queryOptions({
    queryKey: skuSettingsKeys.detail(),
    queryFn: ({ signal }) => getSkuSettings(signal),
  });

/** Spec §7: a failure yields no setting; the screen then starts from the defaults. */
export function useSkuSettings() {
  return useQuery(skuSettingsQueryOptions());
}
