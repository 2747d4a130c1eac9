import { z } from 'zod';
import {
  PRODUCT_SEARCH_MAX_LENGTH,
  productSortKeys,
  replaceForbiddenCharacters,
  sortOrders,
  stockFilters,
} from '@stocksync/contract';
import type { ProductListParams } from '@/features/products';

/** The list's filters (its parameters without paging and sort), as bulk actions send them. */
export type SelectionFilters = Omit<ProductListParams, 'page' | 'pageSize' | 'sort' | 'order'>;

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 100;
export const PAGE_SIZES = [10, 25, 50, 100] as const;

/**
 * The search box's text as the API takes it: ends trimmed, control characters (a tab pasted from a
 * spreadsheet) and invisible formatting as spaces, since the API refuses them (ADR 0035).
 */
export function cleanSearchText(text: string): string {
  return replaceForbiddenCharacters(text, ' ').trim();
}

// Spec §5: page is a number ≥ 1, else 1; pageSize is a number from 1 to 100, else 50.
// The router parses search values as JSON, so filters arrive as booleans and the search text may
// arrive as a number ("?search=123"); both are normalised here.
export const inventorySearchSchema = z.object({
  page: z.number().int().min(1).default(1).catch(1),
  pageSize: z
    .number()
    .int()
    .min(1)
    .max(MAX_PAGE_SIZE)
    .default(DEFAULT_PAGE_SIZE)
    .catch(DEFAULT_PAGE_SIZE),
  search: z.coerce
    .string()
    .transform(cleanSearchText)
    .pipe(z.string().max(PRODUCT_SEARCH_MAX_LENGTH))
    .optional()
    .catch(undefined),
  synced: z.boolean().optional().catch(undefined),
  missingSku: z.literal(true).optional().catch(undefined),
  // Issue 23: the dashboard's Missing cost card (a variant without a cost price).
  missingCost: z.literal(true).optional().catch(undefined),
  // Issue 22 item 3: ?stock=oversold or ?stock=low (at or below the organisation's threshold).
  stock: z.enum(stockFilters).optional().catch(undefined),
  // Sorting (issue 22 item 4): an unknown column or direction in an old link means no sort.
  sort: z.enum(productSortKeys).optional().catch(undefined),
  order: z.enum(sortOrders).optional().catch(undefined),
});
export type InventorySearch = z.infer<typeof inventorySearchSchema>;

/** URL state → API query parameters. */
export function toProductListParams(search: InventorySearch): ProductListParams {
  return {
    page: search.page,
    pageSize: search.pageSize,
    search: search.search || undefined,
    synced: search.synced === undefined ? undefined : search.synced ? 'true' : 'false',
    missingSku: search.missingSku ? 'true' : undefined,
    missingCost: search.missingCost ? 'true' : undefined,
    stock: search.stock,
    sort: search.sort,
    order: search.sort ? (search.order ?? 'asc') : undefined,
  };
}

/** The list's filters without paging and sort: what "all selected" covers on the server. */
export function toSelectionFilters(params: ProductListParams): SelectionFilters {
  const { page: _page, pageSize: _pageSize, sort: _sort, order: _order, ...filters } = params;
  return filters;
}

export function hasFilters(search: InventorySearch) {
  return (
    Boolean(search.search) ||
    search.synced !== undefined ||
    Boolean(search.missingSku) ||
    Boolean(search.missingCost) ||
    search.stock !== undefined
  );
}
