import { RefreshCw, Wand2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useGenerateSkus } from '@/features/products/api/generate-skus';
import { useToggleProductSync } from '@/features/products/api/toggle-product-sync';

type InventoryBulkActionsProps = {
  orgId: string;
  selectedIds: string[];
  /** Every product of the organisation is selected (not only this page). */
  allSelected: boolean;
  total: number;
  onClear: () => void;
};

/** Actions on the selected rows (spec §2): toggle sync and generate SKUs. */
export function InventoryBulkActions({
  orgId,
  selectedIds,
  allSelected,
  total,
  onClear,
}: InventoryBulkActionsProps) {
  const toggleSync = useToggleProductSync();
  const generate = useGenerateSkus();
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
        onClick={() => toggleSync.mutate({ orgId, ids: selectedIds })}
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
    </div>
  );
}
