import type { ReactNode } from 'react';
import {
  getCoreRowModel,
  useReactTable,
  type OnChangeFn,
  type RowSelectionState,
} from '@tanstack/react-table';
import { DataTable } from '@/components/ui/data-table';
import type { RemoteProduct } from '../api/types';
import { useImportColumns } from './use-import-columns';

type ImportTableProps = {
  orgName: string;
  products: RemoteProduct[];
  busy: boolean;
  empty: ReactNode;
  /** Selected external ids of every page visited (the screen keeps them across pages). */
  selection: RowSelectionState;
  onSelectionChange: OnChangeFn<RowSelectionState>;
};

/** One page of the remote catalogue; selecting a row adds it to the screen's selection. */
export function ImportTable(props: ImportTableProps) {
  const columns = useImportColumns(props.orgName);

  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: props.products,
    columns,
    state: { rowSelection: props.selection },
    getRowId: (product) => product.external_id,
    onRowSelectionChange: props.onSelectionChange,
    getCoreRowModel: getCoreRowModel(),
  });

  return (
    <DataTable table={table} label="Products to import" busy={props.busy} empty={props.empty} />
  );
}
