import type { SkuSettings } from '@stocksync/contract';

// Keys carry the organisation: these calls answer per organisation (X-Organization-Id).
export const skuSettingsKeys = {
  all: (orgId: string) => ['sku-settings', orgId] as const,
  detail: (orgId: string) => [...skuSettingsKeys.all(orgId), 'detail'] as const,
  preview: (orgId: string, settings: SkuSettings) =>
    [...skuSettingsKeys.all(orgId), 'preview', settings] as const,
};
