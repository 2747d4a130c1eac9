import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SkuSettings, SkuSettingsResponse } from '@stocksync/contract';
import { apiRequest } from '@/lib/api-client';
import { skuSettingsKeys } from './sku-settings-keys';

export type UpdateSkuSettingsInput = { orgId: string; settings: SkuSettings };

/** PUT /v1/users/sku-settings; 400 {error, field} names the rejected field. */
export function updateSkuSettings({ orgId, settings }: UpdateSkuSettingsInput) {
  return apiRequest<SkuSettingsResponse>('/users/sku-settings', {
    method: 'PUT',
    orgId,
    body: settings,
  });
}

export function useUpdateSkuSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSkuSettings,
    onSuccess: (saved, { orgId }) => queryClient.setQueryData(skuSettingsKeys.detail(orgId), saved),
  });
}
