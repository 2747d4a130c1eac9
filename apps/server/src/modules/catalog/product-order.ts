import type { ListProductsFilters, ProductSortKey, SortOrder } from '@stocksync/contract';

/** A sorted order of the product list (without one the list is newest first). */
export interface ProductOrder {
  key: ProductSortKey;
  direction: SortOrder;
}

/** A position in a sorted order: the sort column's value (as PostgreSQL writes it) and the id. */
export interface SortedKey {
  value: string;
  id: string;
}

/**
 * Each sort key's table and column: product_sort_keys (migration 0035, ADR 0050) for what a stock
 * change leaves alone, product_stock_keys (migration 0083, ADR 0045) for what it moves; its type for
 * a key read back as text, and whether it moves with every stock change or sync toggle (volatile).
 */
export const SORT_COLUMNS: Record<
  ProductSortKey,
  {
    table: 'product_sort_keys' | 'product_stock_keys';
    column: string;
    type: string;
    volatile: boolean;
  }
> = {
  title: {
    table: 'product_sort_keys',
    column: 'title_key',
    type: 'text COLLATE "C"',
    volatile: false,
  },
  sku: { table: 'product_sort_keys', column: 'sku_key', type: 'text COLLATE "C"', volatile: false },
  available_qty: {
    table: 'product_stock_keys',
    column: 'available_qty',
    type: 'bigint',
    volatile: true,
  },
  is_synced: { table: 'product_sort_keys', column: 'is_synced', type: 'boolean', volatile: true },
  updated_at: {
    table: 'product_stock_keys',
    column: 'updated_at',
    type: 'timestamptz',
    volatile: true,
  },
};

/**
 * Remembered positions of an order whose values move with stock changes and sync toggles
 * (quantity, synced, last changed) are taken again at most this often while those values change:
 * no version counts those changes (a counter every sale updates would serialise the
 * organisation's sales). A deep page may then start a few rows off where rows moved meanwhile,
 * which a seller paging a list that is changing under them sees anyway (ADR 0050).
 */
export const VOLATILE_KEYS_MS = 10_000;

/**
 * Once no sort key of the organisation has changed for this long, the transactions that could
 * still commit a change stamped earlier (a stock change, a sync toggle: far shorter) have
 * committed, so the latest change alone versions the positions, and a catalogue at rest keeps
 * them until its next change instead of having them taken again every VOLATILE_KEYS_MS.
 */
export const VOLATILE_SETTLED_MS = 60_000;

export function orderOf(
  query: Pick<ListProductsFilters, 'sort' | 'order'>,
): ProductOrder | undefined {
  return query.sort ? { key: query.sort, direction: query.order ?? 'asc' } : undefined;
}

export const orderName = (order: ProductOrder): string => `${order.key}.${order.direction}`;

/**
 * The version an order's remembered positions or held matches belong to: the catalogue version
 * (products added or removed, titles or SKUs changed), and for a volatile order the version of its
 * sort keys' changes that the statement read (`positions`, see positionsVersionOf).
 */
export function orderVersion(
  order: ProductOrder,
  catalog: string,
  positions: string | null,
): string {
  return SORT_COLUMNS[order.key].volatile ? `${catalog}@${positions ?? '0'}` : catalog;
}
