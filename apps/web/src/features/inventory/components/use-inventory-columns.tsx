import { useMemo } from 'react';
import { Link } from '@tanstack/react-router';
import type { ColumnDef } from '@tanstack/react-table';
import { ChevronRight } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { selectionColumn } from '@/components/ui/data-table-selection';
import { PlatformConnections } from '@/components/ui/platform-connections';
import { StockBadge } from '@/components/ui/stock-badge';
import type { ProductRow } from '@/features/products';
import { cn } from '@/lib/utils';

/** Spec §2: SKU column text for a product row. */
export function skuSummary(product: ProductRow): { text: string; missing: boolean } {
  if (product.variants > 1) {
    return product.missing_sku
      ? { text: 'Missing SKUs', missing: true }
      : { text: '', missing: false };
  }
  return product.sku ? { text: product.sku, missing: false } : { text: 'NO SKUs', missing: true };
}

// Spec §9: expander 20, product 350, platforms 100 to 200.
export function useInventoryColumns(orgName: string) {
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
        header: 'Product',
        size: 350,
        minSize: 350,
        maxSize: 350,
        meta: { fixedWidth: true },
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
        header: 'SKU',
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
        header: 'Available Qty',
        meta: { className: 'tabular-nums' },
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
        header: 'Synced',
        cell: ({ row }) =>
          row.original.is_synced ? (
            <Badge variant="success">Synced</Badge>
          ) : (
            <Badge variant="info">Not synced</Badge>
          ),
      },
    ],
    [orgName],
  );
}
