import { useMutation, useQueryClient } from '@tanstack/react-query';
import { importMessages, type UndoImportResponse } from '@stocksync/contract';
import { toast } from 'sonner';
import { productKeys } from '@/features/products';
import { apiRequest } from '@/lib/api-client';
import { importKeys } from './import-keys';

/** POST /v1/imports/{id}/undo → what was deleted and restored; 409 says why it cannot be. */
export function undoImport({ orgId, importId }: { orgId: string; importId: string }) {
  return apiRequest<UndoImportResponse>(`/imports/${encodeURIComponent(importId)}/undo`, {
    method: 'POST',
    orgId,
  });
}

export function useUndoImport(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: undoImport,
    onSuccess: (_, { importId }) => {
      toast.success(importMessages.undone);
      void queryClient.invalidateQueries({ queryKey: importKeys.job(orgId, importId) });
      void queryClient.invalidateQueries({ queryKey: [...importKeys.all, orgId] });
      void queryClient.invalidateQueries({ queryKey: productKeys.all(orgId) });
    },
    onError: (error) => toast.error(importMessages.undoFailed, { description: error.message }),
  });
}
