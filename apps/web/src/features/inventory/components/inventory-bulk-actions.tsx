import { useState } from 'react';
import { RefreshCw, Wand2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import {
  SkuWritebackDialog,
  useGenerateSkus,
  useProductsTotal,
  useToggleProductSync,
} from '@/features/products';
import type { SelectionFilters } from '../inventory-search';
import { SyncDialog, type SyncSelection } from './sync-dialog';
import { useCan } from '@/lib/roles';

type InventoryBulkActionsProps = {
  orgId: string;
  orgName: string;
  selectedIds: string[];
  /** The selected products whose sync is off. */
  unsyncedIds: string[];
  /** Every product the list's filters match is selected (all pages, not only this one). */
  allSelected: boolean;
  /** The list's filters: what "all selected" covers. */
  filters: SelectionFilters;
  total: number;
  onClear: () => void;
};

/**
 * Actions on the selected rows (spec §2): toggle sync and generate SKUs, on the rows of this page
 * or, with "All N selected", on every product the list's filters match (resolved by the server).
 * Toggling sync asks whether to turn it on or off and says for how many products.
 */
export function InventoryBulkActions({
  orgId,
  orgName,
  selectedIds,
  unsyncedIds,
  allSelected,
  filters,
  total,
  onClear,
}: InventoryBulkActionsProps) {
  const toggleSync = useToggleProductSync();
  const generate = useGenerateSkus();
  // Viewers may select but not act (the contract's role matrix): the buttons say why.
  const can = useCan('postV1ProductsSync');
  const [asking, setAsking] = useState(false);
  // Variants that just got SKUs: the write-back preview offers to send them (issue 25 item 1).
  const [sending, setSending] = useState<string[] | null>(null);
  // With everything selected, how many have sync off: the list's total with synced=false added.
  const unsyncedTotal = useProductsTotal(
    orgId,
    { page: 1, pageSize: 1, ...filters, synced: 'false' },
    asking && allSelected && filters.synced === undefined,
  );
  const count = allSelected ? total : selectedIds.length;
  const none = count === 0;
  const filtered = Object.values(filters).some((value) => value !== undefined);

  const selection: SyncSelection = allSelected
    ? {
        kind: 'all',
        count,
        filtered,
        unsynced:
          filters.synced === 'true' ? 0 : filters.synced === 'false' ? count : unsyncedTotal.data,
      }
    : { kind: 'page', count, unsyncedIds };

  const confirm = (turnOn: boolean) => {
    setAsking(false);
    toggleSync.mutate(
      allSelected
        ? { orgId, all_selected: true, filters, is_synced: turnOn }
        : { orgId, ids: selectedIds, is_synced: turnOn },
    );
  };

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
        disabled={none || toggleSync.isPending || !can.allowed}
        title={can.reason || undefined}
        onClick={() => setAsking(true)}
      >
        {toggleSync.isPending ? <Spinner /> : <RefreshCw aria-hidden />}
        Toggle sync
      </Button>
      <Button
        variant="outline"
        size="sm"
        disabled={none || generate.isPending || !can.allowed}
        title={can.reason || undefined}
        onClick={() =>
          generate.mutate(
            {
              orgId,
              ids: allSelected ? [] : selectedIds,
              all_selected: allSelected,
              ...(allSelected && { filters }),
            },
            { onSuccess: (result) => result.variant_ids?.length && setSending(result.variant_ids) },
          )
        }
      >
        {generate.isPending ? <Spinner /> : <Wand2 aria-hidden />}
        Generate SKUs
      </Button>
      {none ? null : (
        <Button variant="ghost" size="sm" onClick={onClear}>
          Clear selection
        </Button>
      )}
      {asking ? (
        <SyncDialog
          orgId={orgId}
          orgName={orgName}
          selection={selection}
          onCancel={() => setAsking(false)}
          onConfirm={confirm}
        />
      ) : null}
      <SkuWritebackDialog
        orgId={orgId}
        variantIds={sending ?? []}
        open={sending !== null}
        onClose={() => setSending(null)}
      />
    </div>
  );
}
