import { useState, type ReactNode } from 'react';
import { getCoreRowModel, useReactTable, type RowSelectionState } from '@tanstack/react-table';
import { DataTable } from '@/components/ui/data-table';
import type { RemoteProduct } from '../api/types';
import { useImportColumns } from './use-import-columns';

type ImportTableProps = {
  orgName: string;
  products: RemoteProduct[];
  busy: boolean;
  empty: ReactNode;
  /** The toolbar, given the external ids selected on this page and a way to clear them. */
  toolbar: (selectedIds: string[], clear: () => void) => ReactNode;
};

/** One page of the remote catalogue. Remounted per page and search, so selection is the page's. */
export function ImportTable({ orgName, products, busy, empty, toolbar }: ImportTableProps) {
  const columns = useImportColumns(orgName);
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({});

  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: products,
    columns,
    state: { rowSelection },
    getRowId: (product) => product.external_id,
    onRowSelectionChange: setRowSelection,
    getCoreRowModel: getCoreRowModel(),
  });

  // Rows that left the page after a refetch are no longer selectable.
  const selectedIds = products
    .filter((product) => rowSelection[product.external_id])
    .map((product) => product.external_id);

  return (
    <div className="grid gap-3">
      {toolbar(selectedIds, () => setRowSelection({}))}
      <DataTable table={table} label="Products to import" busy={busy} empty={empty} />
    </div>
  );
}
