import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SkuPreviewResponse, SkuSettings } from '@stocksync/contract';
import { apiRequest } from '@/lib/api-client';
import { skuSettingsKeys } from './sku-settings-keys';

export type SkuPreview = SkuPreviewResponse['previews'][number];

/** POST /v1/users/sku-settings/preview: example SKUs for settings that are not saved yet. */
export function previewSkus(orgId: string, settings: SkuSettings, signal?: AbortSignal) {
  return apiRequest<SkuPreviewResponse>('/users/sku-settings/preview', {
    method: 'POST',
    orgId,
    body: { settings },
    signal,
  });
}

export const skuPreviewQueryOptions = (orgId: string, settings: SkuSettings) =>
  queryOptions({
    queryKey: skuSettingsKeys.preview(orgId, settings),
    queryFn: async ({ signal }) => (await previewSkus(orgId, settings, signal)).previews,
    staleTime: Infinity,
  });

/** Disabled while the settings are invalid; the last preview stays while the next one loads. */
export function useSkuPreview(orgId: string, settings: SkuSettings | null) {
  return useQuery({
    ...skuPreviewQueryOptions(orgId, settings ?? ({} as SkuSettings)),
    enabled: settings !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
}
