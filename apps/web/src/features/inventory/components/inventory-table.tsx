import { useState, type ReactNode } from 'react';
import {
  getCoreRowModel,
  getExpandedRowModel,
  useReactTable,
  type ExpandedState,
  type OnChangeFn,
  type RowSelectionState,
} from '@tanstack/react-table';
import { DataTable } from '@/components/ui/data-table';
import type { ProductRow } from '@/features/products';
import { InventoryBulkActions } from './inventory-bulk-actions';
import { SelectAllBanner } from './select-all-banner';
import type { SelectionFilters } from '../inventory-search';
import type { InventorySort } from './sortable-header';
import { useInventoryColumns } from './use-inventory-columns';
import { VariantRows } from './variant-rows';

type InventoryTableProps = {
  orgId: string;
  orgName: string;
  products: ProductRow[];
  /** Products in the whole list (all pages, current filters). */
  total: number;
  busy: boolean;
  empty: string;
  footer: (selectedCount: number) => ReactNode;
  /** The list's filters: what "all selected" covers. */
  filters: SelectionFilters;
  /** The list's sort (server-side; the URL keeps it) and how to change it. */
  sort: InventorySort;
  onSort: (sort: InventorySort) => void;
};

/** One page of products. Remounted per page and filter, so selection belongs to the page. */
export function InventoryTable({
  orgId,
  orgName,
  products,
  total,
  busy,
  empty,
  footer,
  filters,
  sort,
  onSort,
}: InventoryTableProps) {
  const columns = useInventoryColumns(orgName, { sort, onSort });
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({});
  const [expanded, setExpanded] = useState<ExpandedState>({});
  // "Select all N products": both bulk actions then cover every product the filters match.
  const [allSelected, setAllSelected] = useState(false);

  const onRowSelectionChange: OnChangeFn<RowSelectionState> = (updater) => {
    setAllSelected(false);
    setRowSelection(updater);
  };

  // TanStack Table returns a stable instance whose methods read the latest state; it is used for
  // rendering only and never memoised by us, which is what the compiler warning is about.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: products,
    columns,
    state: { rowSelection, expanded },
    getRowId: (product) => product.id,
    getRowCanExpand: (row) => row.original.variants > 1,
    onRowSelectionChange,
    onExpandedChange: setExpanded,
    getCoreRowModel: getCoreRowModel(),
    getExpandedRowModel: getExpandedRowModel(),
  });

  // Rows that left the page (e.g. after a refetch with a filter) are no longer selectable.
  const selected = products.filter((product) => rowSelection[product.id]);
  const selectedIds = selected.map((product) => product.id);
  const pageFullySelected = products.length > 0 && selectedIds.length === products.length;
  const clear = () => {
    setAllSelected(false);
    setRowSelection({});
  };

  return (
    <div className="grid gap-3">
      <InventoryBulkActions
        orgId={orgId}
        orgName={orgName}
        selectedIds={selectedIds}
        unsyncedIds={selected.filter((product) => !product.is_synced).map((product) => product.id)}
        allSelected={allSelected}
        filters={filters}
        total={total}
        onClear={clear}
      />
      {pageFullySelected && total > products.length ? (
        <SelectAllBanner
          pageCount={products.length}
          total={total}
          allSelected={allSelected}
          onSelectAll={() => setAllSelected(true)}
          onClear={clear}
        />
      ) : null}
      <DataTable
        table={table}
        label="Products"
        busy={busy}
        empty={empty}
        renderSubRow={(row) => (
          <VariantRows orgId={orgId} productId={row.original.id} title={row.original.title} />
        )}
      />
      {footer(allSelected ? total : selectedIds.length)}
    </div>
  );
}
