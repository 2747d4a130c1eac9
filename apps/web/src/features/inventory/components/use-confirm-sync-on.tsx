import { useState } from 'react';
import { SyncPreviewDialog } from './sync-preview-dialog';

type ConfirmSyncOnOptions = { orgId: string; orgName: string; toggle: () => void };

/**
 * The bulk "Toggle sync" flips each selected product. Turning sync on aligns every channel to
 * the master quantity, so when any selected product is off the changes are shown for
 * confirmation first; turning sync off only is immediate.
 */
export function useConfirmSyncOn({ orgId, orgName, toggle }: ConfirmSyncOnOptions) {
  const [pending, setPending] = useState<{ on: string[]; off: number } | null>(null);

  /** `unsyncedIds`: the selected products whose sync is off; `selected`: how many are selected. */
  const request = (unsyncedIds: string[], selected: number) => {
    if (unsyncedIds.length === 0) toggle();
    else setPending({ on: unsyncedIds, off: selected - unsyncedIds.length });
  };

  const dialog = pending ? (
    <SyncPreviewDialog
      orgId={orgId}
      orgName={orgName}
      turningOn={pending.on}
      turningOff={pending.off}
      open
      onOpenChange={(open) => {
        if (!open) setPending(null);
      }}
      onConfirm={() => {
        setPending(null);
        toggle();
      }}
    />
  ) : null;

  return { request, dialog };
}
