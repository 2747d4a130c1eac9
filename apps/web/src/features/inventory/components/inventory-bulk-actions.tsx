import { RefreshCw, Wand2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useGenerateSkus, useToggleProductSync } from '@/features/products';
import { useConfirmSyncOn } from './use-confirm-sync-on';

type InventoryBulkActionsProps = {
  orgId: string;
  orgName: string;
  selectedIds: string[];
  /** The selected products whose sync is off: turning it on asks first. */
  unsyncedIds: string[];
  /** Every product of the organisation is selected (not only this page). */
  allSelected: boolean;
  total: number;
  onClear: () => void;
};

/**
 * Actions on the selected rows (spec §2): toggle sync and generate SKUs. Toggling that turns
 * sync on for any product first shows what will change on the channels.
 */
export function InventoryBulkActions({
  orgId,
  orgName,
  selectedIds,
  unsyncedIds,
  allSelected,
  total,
  onClear,
}: InventoryBulkActionsProps) {
  const toggleSync = useToggleProductSync();
  const generate = useGenerateSkus();
  const confirmSyncOn = useConfirmSyncOn({
    orgId,
    orgName,
    toggle: () => toggleSync.mutate({ orgId, ids: selectedIds }),
  });
  const count = allSelected ? total : selectedIds.length;
  const none = count === 0;
  return (
    <div
      role="toolbar"
      aria-label="Actions on selected products"
      className="flex flex-wrap items-center gap-2"
    >
      <span className="text-sm text-muted-foreground" aria-live="polite">
        {none
          ? 'Select products to act on them'
          : allSelected
            ? `All ${count} selected`
            : `${count} selected`}
      </span>
      <Button
        variant="outline"
        size="sm"
        disabled={none || toggleSync.isPending}
        onClick={() => confirmSyncOn.request(unsyncedIds, selectedIds.length)}
      >
        {toggleSync.isPending ? <Spinner /> : <RefreshCw aria-hidden />}
        Toggle sync
      </Button>
      <Button
        variant="outline"
        size="sm"
        disabled={none || generate.isPending}
        onClick={() => generate.mutate({ orgId, ids: selectedIds, all_selected: allSelected })}
      >
        {generate.isPending ? <Spinner /> : <Wand2 aria-hidden />}
        Generate SKUs
      </Button>
      {none ? null : (
        <Button variant="ghost" size="sm" onClick={onClear}>
          Clear selection
        </Button>
      )}
      {confirmSyncOn.dialog}
    </div>
  );
}
