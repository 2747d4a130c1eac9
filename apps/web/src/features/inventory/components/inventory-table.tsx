import { useState } from 'react';
import {
  getCoreRowModel,
  getExpandedRowModel,
  useReactTable,
  type ExpandedState,
  type RowSelectionState,
} from '@tanstack/react-table';
import { DataTable } from '@/components/ui/data-table';
import type { ProductRow } from '@/features/products/api/types';
import { InventoryBulkActions } from './inventory-bulk-actions';
import { useInventoryColumns } from './use-inventory-columns';
import { VariantRows } from './variant-rows';

type InventoryTableProps = {
  orgName: string;
  products: ProductRow[];
  busy: boolean;
  footer: (selectedCount: number) => React.ReactNode;
};

/** One page of products. Remounted per page and filter, so selection belongs to the page. */
export function InventoryTable({ orgName, products, busy, footer }: InventoryTableProps) {
  const columns = useInventoryColumns(orgName);
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({});
  const [expanded, setExpanded] = useState<ExpandedState>({});

  // TanStack Table returns a stable instance whose methods read the latest state; it is used for
  // rendering only and never memoised by us, which is what the compiler warning is about.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: products,
    columns,
    state: { rowSelection, expanded },
    getRowId: (product) => product.id,
    getRowCanExpand: (row) => row.original.variants > 1,
    onRowSelectionChange: setRowSelection,
    onExpandedChange: setExpanded,
    getCoreRowModel: getCoreRowModel(),
    getExpandedRowModel: getExpandedRowModel(),
  });

  // Rows that left the page (e.g. after a refetch with a filter) are no longer selectable.
  const selectedIds = products.filter((product) => rowSelection[product.id]).map((p) => p.id);

  return (
    <div className="grid gap-3">
      <InventoryBulkActions selectedIds={selectedIds} onClear={() => setRowSelection({})} />
      <DataTable
        table={table}
        label="Products"
        busy={busy}
        empty="No products match these filters."
        renderSubRow={(row) => (
          <VariantRows productId={row.original.id} title={row.original.title} />
        )}
      />
      {footer(selectedIds.length)}
    </div>
  );
}
