import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SkuPreviewResponse, SkuSettings } from '@stocksync/contract';
import { apiRequest } from '@/lib/api-client';
import { skuSettingsKeys } from './sku-settings-keys';

export type SkuPreview = SkuPreviewResponse['previews'][number];

/** POST /v1/users/sku-settings/preview: example SKUs for settings that are not saved yet. */
export function previewSkus(settings: SkuSettings, signal?: AbortSignal) {
  return apiRequest<SkuPreviewResponse>('/users/sku-settings/preview', {
    method: 'POST',
    body: { settings },
    signal,
  });
}

export const skuPreviewQueryOptions = (settings: SkuSettings) =>
  queryOptions({
    queryKey: skuSettingsKeys.preview(settings),
    queryFn: async ({ signal }) => (await previewSkus(settings, signal)).previews,
    staleTime: Infinity,
  });

/** Disabled while the settings are invalid; the last preview stays while the next one loads. */
export function useSkuPreview(settings: SkuSettings | null) {
  return useQuery({
    ...skuPreviewQueryOptions(settings ?? ({} as SkuSettings)),
    enabled: settings !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });
}
