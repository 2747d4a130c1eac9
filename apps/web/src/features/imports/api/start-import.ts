import { useMutation } from '@tanstack/react-query';
import { importMessages } from '@stocksync/contract';
import { toast } from 'sonner';
import { useGatedToastAction } from '@/features/billing';
import { apiRequest } from '@/lib/api-client';
import type { StartImportInput, StartImportResponse } from './types';

/**
 * POST /v1/import/{platform} {pc_id, product_ids} or {pc_id, all: true} (with write_back_skus when
 * the seller opted in) → 202 {import_id}.
 */
export function startImport(input: StartImportInput) {
  const { orgId, platform, pcId, productIds, all } = input;
  const target = all ? { all: true } : { product_ids: productIds };
  const body = {
    pc_id: pcId,
    ...target,
    ...(input.writeBackSkus ? { write_back_skus: true } : {}),
  };
  return apiRequest<StartImportResponse>(`/import/${platform}`, { method: 'POST', orgId, body });
}

/** Spec §4/§8: fire and confirm with a toast. */
export function useStartImport(orgName: string) {
  const gatedAction = useGatedToastAction(orgName);
  return useMutation({
    mutationFn: startImport,
    onSuccess: () => toast.success(importMessages.started),
    onError: (error) =>
      toast.error(importMessages.failed, {
        description: error.message,
        action: gatedAction(error),
      }),
  });
}
