import type { SkuSettings } from '@stocksync/contract';

export const skuSettingsKeys = {
  all: ['sku-settings'] as const,
  detail: () => [...skuSettingsKeys.all, 'detail'] as const,
  preview: (settings: SkuSettings) => [...skuSettingsKeys.all, 'preview', settings] as const,
};
