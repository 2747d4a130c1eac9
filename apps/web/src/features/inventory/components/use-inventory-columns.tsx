import { useMemo } from 'react';
import { Link } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import { ChevronRight } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { selectionColumn } from '@/components/ui/data-table-selection';
import { PlatformConnections } from '@/components/ui/platform-connections';
import { StockBadge } from '@/components/ui/stock-badge';
import { exactTime, relativeTime, useNow, type ProductRow } from '@/features/products';
import { cn } from '@/lib/utils';
import { ariaSort, SortableHeader, type InventorySort } from './sortable-header';

/** Spec §2: SKU column text for a product row. */
export function skuSummary(product: ProductRow): { text: string; missing: boolean } {
  if (product.variants > 1) {
    return product.missing_sku
      ? { text: 'Missing SKUs', missing: true }
      : { text: '', missing: false };
  }
  return product.sku ? { text: product.sku, missing: false } : { text: 'NO SKUs', missing: true };
}

/** The list's sort and how to change it (the URL keeps it). */
type Sorting = { sort: InventorySort; onSort: (sort: InventorySort) => void };

// Spec §9: expander 20, product 350, platforms 100 to 200.
export function useInventoryColumns(orgName: string, { sort, onSort }: Sorting) {
  const now = useNow();
  return useMemo<ColumnDef<ProductRow>[]>(
    () => [
      {
        id: 'expander',
        size: 20,
        minSize: 20,
        maxSize: 20,
        meta: { fixedWidth: true, className: 'px-1' },
        header: () => <span className="sr-only">Variants</span>,
        cell: ({ row }) =>
          row.getCanExpand() ? (
            <button
              type="button"
              onClick={row.getToggleExpandedHandler()}
              aria-expanded={row.getIsExpanded()}
              aria-label={`${row.getIsExpanded() ? 'Hide' : 'Show'} variants of ${row.original.title}`}
              className="flex size-5 items-center justify-center rounded-sm text-muted-foreground outline-none hover:bg-accent hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/60"
            >
              <ChevronRight
                aria-hidden
                className={cn('size-4 transition-transform', row.getIsExpanded() && 'rotate-90')}
              />
            </button>
          ) : null,
      },
      selectionColumn<ProductRow>((product) => product.title),
      {
        id: 'product',
        header: () => (
          <SortableHeader label="Product" sortKey="title" sort={sort} onSort={onSort} />
        ),
        size: 350,
        minSize: 350,
        maxSize: 350,
        meta: { fixedWidth: true, sort: ariaSort(sort, 'title') },
        cell: ({ row }) => (
          <div className="grid gap-0.5">
            <Link
              to="/$org/products/$id"
              params={{ org: orgName, id: row.original.id }}
              className="font-medium underline-offset-4 outline-none hover:underline focus-visible:rounded-sm focus-visible:ring-[3px] focus-visible:ring-ring/60"
            >
              {row.original.title}
            </Link>
            {row.original.variants > 1 ? (
              <span className="text-xs text-muted-foreground">
                {row.original.variants} variants
              </span>
            ) : null}
          </div>
        ),
      },
      {
        id: 'sku',
        header: () => <SortableHeader label="SKU" sortKey="sku" sort={sort} onSort={onSort} />,
        meta: { sort: ariaSort(sort, 'sku') },
        cell: ({ row }) => {
          const { text, missing } = skuSummary(row.original);
          return (
            <span
              className={cn(
                'font-mono text-xs',
                missing && 'font-sans text-amber-700 dark:text-amber-300',
              )}
            >
              {text}
            </span>
          );
        },
      },
      {
        id: 'available_qty',
        header: () => (
          <SortableHeader
            label="Available Qty"
            sortKey="available_qty"
            sort={sort}
            onSort={onSort}
          />
        ),
        meta: { className: 'tabular-nums', sort: ariaSort(sort, 'available_qty') },
        cell: ({ row }) => (
          <span className="flex items-center gap-2">
            {row.original.available_qty}
            <StockBadge quantity={row.original.lowest_qty} />
          </span>
        ),
      },
      {
        id: 'platforms',
        header: 'Platforms',
        size: 150,
        minSize: 100,
        maxSize: 200,
        meta: { fixedWidth: true },
        cell: ({ row }) => <PlatformConnections platforms={row.original.platforms} />,
      },
      {
        id: 'synced',
        header: () => (
          <SortableHeader label="Synced" sortKey="is_synced" sort={sort} onSort={onSort} />
        ),
        meta: { sort: ariaSort(sort, 'is_synced') },
        cell: ({ row }) =>
          row.original.is_synced ? (
            <Badge variant="success">Synced</Badge>
          ) : (
            <Badge variant="info">Not synced</Badge>
          ),
      },
      {
        // When its stock, sync, title or SKUs last changed: what "Last changed" sorts by.
        id: 'updated_at',
        header: () => (
          <SortableHeader label="Last changed" sortKey="updated_at" sort={sort} onSort={onSort} />
        ),
        meta: { className: 'whitespace-nowrap', sort: ariaSort(sort, 'updated_at') },
        cell: ({ row }) => (
          <time
            dateTime={row.original.updated_at}
            title={exactTime(row.original.updated_at)}
            className="text-muted-foreground"
          >
            {relativeTime(row.original.updated_at, now)}
          </time>
        ),
      },
    ],
    [orgName, sort, onSort, now],
  );
}
