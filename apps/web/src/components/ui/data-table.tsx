import { Fragment, type ReactNode } from 'react';
import { flexRender, type Row, type Table as TanStackTable } from '@tanstack/react-table';
import { cn } from '@/lib/utils';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from './table';

type DataTableProps<T> = {
  table: TanStackTable<T>;
  /** Accessible name of the table. */
  label: string;
  /** Rendered in a full-width row under an expanded row. */
  renderSubRow?: (row: Row<T>) => ReactNode;
  empty?: ReactNode;
  /** Dims the rows while a new page loads over the old one. */
  busy?: boolean;
};

function widthStyle(size: number, minSize: number, maxSize: number, fixed: boolean) {
  if (!fixed) return undefined;
  return {
    width: size,
    minWidth: minSize,
    maxWidth: maxSize === Number.MAX_SAFE_INTEGER ? undefined : maxSize,
  };
}

/**
 * A server-driven table shell: header, rows, optional expanded sub-rows. Columns opt into a fixed
 * width with `meta: { fixedWidth: true }` and TanStack's size / minSize / maxSize.
 */
export function DataTable<T>({ table, label, renderSubRow, empty, busy }: DataTableProps<T>) {
  const columnCount = table.getVisibleLeafColumns().length;
  const rows = table.getRowModel().rows;
  return (
    <Table aria-label={label} aria-busy={busy || undefined}>
      <TableHeader>
        {table.getHeaderGroups().map((group) => (
          <TableRow key={group.id} className="hover:bg-transparent">
            {group.headers.map((header) => {
              const column = header.column.columnDef;
              return (
                <TableHead
                  key={header.id}
                  style={widthStyle(
                    header.getSize(),
                    header.column.columnDef.minSize ?? 0,
                    header.column.columnDef.maxSize ?? Number.MAX_SAFE_INTEGER,
                    Boolean(column.meta?.fixedWidth),
                  )}
                  className={column.meta?.className}
                  aria-sort={column.meta?.sort}
                >
                  {header.isPlaceholder
                    ? null
                    : flexRender(header.column.columnDef.header, header.getContext())}
                </TableHead>
              );
            })}
          </TableRow>
        ))}
      </TableHeader>
      <TableBody className={cn(busy && 'opacity-60 transition-opacity')}>
        {rows.length === 0 ? (
          <TableRow className="hover:bg-transparent">
            <TableCell colSpan={columnCount} className="h-24 text-center text-muted-foreground">
              {empty ?? 'No results.'}
            </TableCell>
          </TableRow>
        ) : (
          rows.map((row) => (
            <Fragment key={row.id}>
              <TableRow data-state={row.getIsSelected() ? 'selected' : undefined}>
                {row.getVisibleCells().map((cell) => (
                  <TableCell key={cell.id} className={cell.column.columnDef.meta?.className}>
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </TableCell>
                ))}
              </TableRow>
              {renderSubRow && row.getIsExpanded() ? (
                <TableRow className="bg-muted/20 hover:bg-muted/20">
                  <TableCell colSpan={columnCount} className="p-0">
                    {renderSubRow(row)}
                  </TableCell>
                </TableRow>
              ) : null}
            </Fragment>
          ))
        )}
      </TableBody>
    </Table>
  );
}

declare module '@tanstack/react-table' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData, TValue> {
    fixedWidth?: boolean;
    className?: string;
    /** A column the list can be sorted by: how it is sorted now (aria-sort on its header). */
    sort?: 'ascending' | 'descending' | 'none';
  }
}
