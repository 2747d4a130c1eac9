import { sql, type RawBuilder } from 'kysely';
import type { StockFilter } from '@stocksync/contract';
import type { ProductFilters } from './product-filters-repository';

/** Quantities up to this one have a bucket each; the last bucket holds 1,000 and over. */
const LAST_SINGLE_BUCKET = 999;

/** The stock filter when it is the list's only filter: its total is counted from the buckets. */
export function stockFilterOnly(filters: ProductFilters): StockFilter | undefined {
  const keys = Object.keys(filters);
  return keys.length === 1 && keys[0] === 'stock' ? filters.stock : undefined;
}

/**
 * How many of the organisation's products the stock filter lists (stock=oversold: lowest variant
 * below 0; stock=low: at or below the organisation's threshold, oversold included), read from the
 * products per lowest-quantity bucket (analytics_product_stock_buckets, migration 0064, kept by
 * the database in the transactions that move stock) instead of counting the catalogue: at most
 * 1,002 rows, whatever its size. A threshold of 1,000 or more counts the products from 1,000 up
 * to it (rare; no bucket tells them apart). Read in the list's own statement, so the total and
 * the page see the same snapshot.
 */
export function stockFilterTotal(organizationId: string, stock: StockFilter): RawBuilder<string> {
  if (stock === 'oversold') {
    return sql<string>`(
      SELECT coalesce(sum(b.products), 0) FROM analytics_product_stock_buckets b
      WHERE b.organization_id = ${organizationId} AND b.bucket = -1)`;
  }
  const threshold = sql`(SELECT o.low_stock_threshold FROM organizations o
                         WHERE o.id = ${organizationId})`;
  return sql<string>`(
    (SELECT coalesce(sum(b.products), 0) FROM analytics_product_stock_buckets b
     WHERE b.organization_id = ${organizationId}
       AND b.bucket <= least(${threshold}, ${LAST_SINGLE_BUCKET}::int))
    + CASE WHEN ${threshold} > ${LAST_SINGLE_BUCKET}::int THEN (
        SELECT count(*) FROM products
        WHERE products.organization_id = ${organizationId}
          AND products.lowest_qty BETWEEN ${LAST_SINGLE_BUCKET + 1}::int AND ${threshold})
      ELSE 0 END)`;
}
