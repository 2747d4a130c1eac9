import type { ColumnDef } from '@tanstack/react-table';
import { Checkbox } from './checkbox';

/**
 * The row-select column: a header checkbox that selects every row on the current page (checked,
 * unchecked or indeterminate) and a labelled checkbox per row.
 */
export function selectionColumn<T>(rowLabel: (row: T) => string): ColumnDef<T> {
  return {
    id: 'select',
    size: 36,
    enableSorting: false,
    meta: { fixedWidth: true },
    header: ({ table }) => (
      <Checkbox
        aria-label="Select all rows on this page"
        checked={
          table.getIsAllPageRowsSelected()
            ? true
            : table.getIsSomePageRowsSelected()
              ? 'indeterminate'
              : false
        }
        disabled={table.getRowModel().rows.length === 0}
        onCheckedChange={(value) => table.toggleAllPageRowsSelected(value === true)}
      />
    ),
    cell: ({ row }) => (
      <Checkbox
        aria-label={`Select ${rowLabel(row.original)}`}
        checked={row.getIsSelected()}
        disabled={!row.getCanSelect()}
        onCheckedChange={(value) => row.toggleSelected(value === true)}
      />
    ),
  };
}
