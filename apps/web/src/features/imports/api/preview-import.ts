import { useMutation } from '@tanstack/react-query';
import type { ImportPreview } from '@stocksync/contract';
import { apiRequest } from '@/lib/api-client';
import type { StartImportInput } from './types';

/** POST /v1/import/{platform} with dry_run: true → 200, what the import would do (no write). */
export function previewImport({ orgId, platform, pcId, productIds, all }: StartImportInput) {
  const target = all ? { all: true } : { product_ids: productIds };
  return apiRequest<ImportPreview>(`/import/${platform}`, {
    method: 'POST',
    orgId,
    body: { pc_id: pcId, ...target, dry_run: true },
  });
}

export function usePreviewImport() {
  return useMutation({ mutationFn: previewImport });
}
