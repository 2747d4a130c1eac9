import { useState, type ReactNode } from 'react';
import {
  getCoreRowModel,
  useReactTable,
  type OnChangeFn,
  type RowSelectionState,
} from '@tanstack/react-table';
import type { SkuConflict, SkuConflictFixesBody } from '@stocksync/contract';
import { Button } from '@/components/ui/button';
import { DataTable } from '@/components/ui/data-table';
import { useCan } from '@/lib/roles';
import type { ConflictKind } from '../sku-conflicts-search';
import { useConflictColumns, type FixChoice } from './use-conflict-columns';

type ConflictsTableProps = FixChoice & {
  orgName: string;
  conflicts: SkuConflict[];
  /** Conflicts of the kind shown, on every page. */
  total: number;
  kind: ConflictKind | undefined;
  busy: boolean;
  footer: (selectedCount: number) => ReactNode;
  onPreview: (body: SkuConflictFixesBody) => void;
};

const linkButton =
  'font-medium underline underline-offset-4 outline-none hover:text-foreground focus-visible:rounded-sm focus-visible:ring-[3px] focus-visible:ring-ring/60';

/**
 * One page of conflicts, remounted per page like the inventory's table: rows selected on the
 * page, or "all N selected" across pages (each then gets its first proposed fix).
 */
export function ConflictsTable({
  orgName,
  conflicts,
  total,
  kind,
  busy,
  footer,
  onPreview,
  fixOf,
  onFix,
}: ConflictsTableProps) {
  const columns = useConflictColumns(orgName, { fixOf, onFix });
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({});
  const [allSelected, setAllSelected] = useState(false);
  const can = useCan('postV1SkuConflictsFixesPreview');
  const onRowSelectionChange: OnChangeFn<RowSelectionState> = (updater) => {
    setAllSelected(false);
    setRowSelection(updater);
  };
  // TanStack Table returns a stable instance whose methods read the latest state; it is used for
  // rendering only and never memoised by us, which is what the compiler warning is about.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: conflicts,
    columns,
    state: { rowSelection },
    getRowId: (conflict) => conflict.id,
    onRowSelectionChange,
    getCoreRowModel: getCoreRowModel(),
  });
  const selected = conflicts.filter((c) => rowSelection[c.id]);
  const pageFullySelected = conflicts.length > 0 && selected.length === conflicts.length;
  const count = allSelected ? total : selected.length;
  const clear = () => {
    setAllSelected(false);
    setRowSelection({});
  };
  const preview = () =>
    onPreview(
      allSelected
        ? { all_selected: true, ...(kind ? { kind } : {}) }
        : { items: selected.map((c) => ({ id: c.id, fix: fixOf(c) })) },
    );

  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center gap-2" role="toolbar" aria-label="Bulk fixes">
        <Button
          onClick={preview}
          disabled={count === 0 || !can.allowed}
          title={can.reason || undefined}
        >
          Preview fixes{count > 0 ? ` (${count})` : ''}
        </Button>
        {count > 0 ? (
          <Button variant="ghost" onClick={clear}>
            Clear selection
          </Button>
        ) : null}
      </div>
      {pageFullySelected && total > conflicts.length ? (
        <p className="rounded-md bg-muted/60 px-3 py-2 text-center text-sm text-muted-foreground">
          {allSelected ? (
            <>
              All {total} conflicts are selected, on every page: each gets its first proposed fix.{' '}
              <button type="button" className={linkButton} onClick={clear}>
                Clear selection
              </button>
            </>
          ) : (
            <>
              All {conflicts.length} conflicts on this page are selected.{' '}
              <button type="button" className={linkButton} onClick={() => setAllSelected(true)}>
                Select all {total} conflicts
              </button>
            </>
          )}
        </p>
      ) : null}
      <DataTable table={table} label="SKU conflicts" busy={busy} empty="No conflicts here." />
      {footer(count)}
    </div>
  );
}
