import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { ProductListFilters, StockFilter } from '@stocksync/contract';
import type { Database } from '../../db/types';
import { searchExpression, type SearchPatterns } from './product-search-repository';
import { trigramPattern } from './search-patterns';

export interface ProductFilters {
  search?: string;
  synced?: boolean;
  missingSku?: boolean;
  /** Some variant has no cost price (0): the dashboard's Missing cost card (issue 23). */
  missingCost?: boolean;
  /** Oversold or Low stock (at or below the organisation's threshold), by the lowest variant. */
  stock?: StockFilter;
}

/** The list's filter parameters (a list request's, or a bulk selection's) as ProductFilters. */
export function filtersOf(query: ProductListFilters): ProductFilters {
  return {
    ...(query.search && { search: query.search }),
    ...(query.synced !== undefined && { synced: query.synced === 'true' }),
    ...(query.missingSku === 'true' && { missingSku: true }),
    ...(query.missingCost === 'true' && { missingCost: true }),
    ...(query.stock && { stock: query.stock }),
  };
}

/** The flag filters (synced, missing SKU) on `products` within the organisation. */
function flagsExpression(
  eb: ExpressionBuilder<Database, 'products'>,
  organizationId: string,
  filters: ProductFilters,
): Expression<SqlBool> {
  const conditions: Expression<SqlBool>[] = [eb('products.organization_id', '=', organizationId)];
  if (filters.synced !== undefined) conditions.push(eb('products.is_synced', '=', filters.synced));
  if (filters.missingSku) conditions.push(eb('products.missing_sku_count', '>', 0));
  if (filters.missingCost)
    conditions.push(
      eb.exists(
        eb
          .selectFrom('product_variants as mc')
          .select('mc.id')
          .whereRef('mc.product_id', '=', 'products.id')
          .where('mc.cost_price', '=', '0'),
      ),
    );
  if (filters.stock === 'oversold') conditions.push(eb('products.oversold', '=', true));
  if (filters.stock === 'low') {
    // The threshold is read once per statement (an InitPlan), so a change applies at once.
    conditions.push(
      eb(
        'products.lowest_qty',
        '<=',
        eb
          .selectFrom('organizations')
          .select('organizations.low_stock_threshold')
          .where('organizations.id', '=', organizationId),
      ),
    );
  }
  return eb.and(conditions);
}

/**
 * The filters on `products`, the search among them as its patterns. Used where the whole row set
 * is walked in list order (counts, the list pages of a filtered list).
 */
export function filterExpression(
  eb: ExpressionBuilder<Database, 'products'>,
  organizationId: string,
  filters: ProductFilters,
  patterns: SearchPatterns | undefined,
): Expression<SqlBool> {
  const flags = flagsExpression(eb, organizationId, filters);
  return patterns === undefined ? flags : eb.and([flags, searchExpression(eb, patterns)]);
}

export const patternsOf = (filters: ProductFilters): SearchPatterns | undefined =>
  filters.search ? { term: filters.search, index: trigramPattern(filters.search) } : undefined;
