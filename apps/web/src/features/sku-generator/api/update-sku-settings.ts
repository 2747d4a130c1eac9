import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SkuSettings, SkuSettingsResponse } from '@stocksync/contract';
import { apiRequest } from '@/lib/api-client';
import { skuSettingsKeys } from './sku-settings-keys';

/** PUT /v1/users/sku-settings; 400 {error, field} names the rejected field. */
export function updateSkuSettings(settings: SkuSettings) {
  return apiRequest<SkuSettingsResponse>('/users/sku-settings', { method: 'PUT', body: settings });
}

export function useUpdateSkuSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSkuSettings,
    onSuccess: (saved) => queryClient.setQueryData(skuSettingsKeys.detail(), saved),
  });
}
