import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/client';

export interface CatalogueRow {
  products: string;
  synced_products: string;
  variants: string;
  units: string;
  value_at_cost: string;
  value_at_price: string;
  margin: string;
  margin_percent: string | null;
  missing_sku: string;
  missing_cost: string;
  oversold: string;
  low_stock: string;
  /** Products the inventory's filters list (their lowest variant, a variant without SKU or cost). */
  oversold_products: string;
  low_stock_products: string;
  missing_sku_products: string;
  missing_cost_products: string;
}

/** Buckets answer low stock for thresholds below this; above it the variants are counted. */
const LAST_SINGLE_BUCKET = 999;

/**
 * The catalogue's figures from the organisation's stock buckets (migration 0037; at most 1,002
 * rows, kept by the database as variants change, plus the stock changes not folded yet) and its
 * product counter: no scan of the catalogue, whatever its size. The cards' product counts are what
 * the inventory's filters list (docs/decisions/0060): products by their lowest quantity from the
 * product buckets (migration 0064), products with a variant without SKU from the catalogue's
 * counter, and products with a variant without cost from theirs (migration 0073, docs/decisions/0065).
 * `threshold`: the low-stock threshold as SQL (a value, or the organisation's column in the
 * summary's statement); above LAST_SINGLE_BUCKET the caller adds the rest (aboveBuckets).
 */
export function catalogueQuery(organizationId: string, threshold: RawBuilder<number>) {
  // Stock changes not folded yet (analytics_stock_pending, migration 0081) count in the same
  // snapshot as the buckets: each change is its variant (and product) leaving one bucket and
  // entering another, so the figures are exact whenever the fold runs.
  return sql<CatalogueRow>`
    WITH pending AS (
      SELECT least(greatest(m.q, -1), 1000) AS bucket, m.d AS variants,
             m.d * greatest(m.q, 0) AS units,
             m.d * greatest(m.q, 0) * p.cost_price AS value_at_cost,
             m.d * greatest(m.q, 0) * p.current_price AS value_at_price,
             CASE WHEN p.no_sku THEN m.d ELSE 0 END AS missing_sku,
             CASE WHEN p.cost_price = 0 THEN m.d ELSE 0 END AS missing_cost,
             least(greatest(m.l, -1), 1000) AS product_bucket
      FROM analytics_stock_pending p,
      LATERAL (VALUES (p.qty_before, p.lowest_before, -1), (p.qty_after, p.lowest_after, 1))
        AS m (q, l, d)
      WHERE p.organization_id = ${organizationId}
    ), stock AS (
      SELECT bucket, variants, units, value_at_cost, value_at_price, missing_sku, missing_cost
      FROM analytics_stock_buckets
      WHERE organization_id = ${organizationId}
      UNION ALL
      SELECT bucket, variants, units, value_at_cost, value_at_price, missing_sku, missing_cost
      FROM pending
    ), product_stock AS (
      SELECT bucket, products FROM analytics_product_stock_buckets
      WHERE organization_id = ${organizationId}
      UNION ALL
      SELECT product_bucket, variants FROM pending
    ), low AS (
      SELECT least(${threshold}, ${LAST_SINGLE_BUCKET}::int) AS top
    )
    SELECT coalesce((SELECT product_count FROM organization_catalog_stats
                     WHERE organization_id = ${organizationId}), 0)::text AS products,
           coalesce((SELECT synced_count FROM organization_catalog_stats
                     WHERE organization_id = ${organizationId}), 0)::text AS synced_products,
           coalesce(sum(variants), 0)::text AS variants,
           coalesce(sum(units), 0)::text AS units,
           coalesce(sum(value_at_cost), 0)::numeric(20, 2)::text AS value_at_cost,
           coalesce(sum(value_at_price), 0)::numeric(20, 2)::text AS value_at_price,
           coalesce(sum(value_at_price) - sum(value_at_cost), 0)::numeric(20, 2)::text AS margin,
           round((sum(value_at_price) - sum(value_at_cost)) * 100
                 / nullif(sum(value_at_price), 0), 1)::text AS margin_percent,
           coalesce(sum(missing_sku), 0)::text AS missing_sku,
           coalesce(sum(missing_cost), 0)::text AS missing_cost,
           coalesce(sum(variants) FILTER (WHERE bucket = -1), 0)::text AS oversold,
           coalesce(sum(variants) FILTER (
             WHERE bucket BETWEEN 0 AND (SELECT top FROM low)
           ), 0)::text AS low_stock,
           (SELECT coalesce(sum(products) FILTER (WHERE bucket = -1), 0)::text
            FROM product_stock) AS oversold_products,
           (SELECT coalesce(sum(products) FILTER (WHERE bucket <= (SELECT top FROM low)), 0)::text
            FROM product_stock) AS low_stock_products,
           coalesce((SELECT missing_sku_count FROM organization_catalog_stats
                     WHERE organization_id = ${organizationId}), 0)::text AS missing_sku_products,
           coalesce((SELECT products FROM analytics_missing_cost
                     WHERE organization_id = ${organizationId}), 0)::text AS missing_cost_products
    FROM stock`;
}

/** The catalogue's figures on their own (the summary reads them in its statement, summaryRows). */
export class CatalogueFiguresRepository {
  constructor(private readonly db: Db) {}

  async figures(organizationId: string, lowStockThreshold: number): Promise<CatalogueRow> {
    const { rows } = await catalogueQuery(organizationId, sql`${lowStockThreshold}::int`).execute(
      this.db,
    );
    return this.aboveBuckets(rows[0]!, organizationId, lowStockThreshold);
  }

  /** The figures with low stock counted up to a threshold past the buckets' (rare: one read). */
  async aboveBuckets(
    row: CatalogueRow,
    organizationId: string,
    lowStockThreshold: number,
  ): Promise<CatalogueRow> {
    if (lowStockThreshold <= LAST_SINGLE_BUCKET) return row;
    const above = await this.countFrom1000(organizationId, lowStockThreshold);
    return {
      ...row,
      low_stock: String(Number(row.low_stock) + above.variants),
      low_stock_products: String(Number(row.low_stock_products) + above.products),
    };
  }

  /** A threshold of 1,000 or more: what lies from 1,000 up to it is counted (rare). */
  private async countFrom1000(
    organizationId: string,
    threshold: number,
  ): Promise<{ variants: number; products: number }> {
    const { rows } = await sql<{ variants: string; products: string }>`
      SELECT (SELECT count(*) FROM product_variants
              WHERE organization_id = ${organizationId}
                AND available_qty BETWEEN ${LAST_SINGLE_BUCKET + 1}::int AND ${threshold}::int
             )::text AS variants,
             (SELECT count(*) FROM products
              WHERE organization_id = ${organizationId}
                AND lowest_qty BETWEEN ${LAST_SINGLE_BUCKET + 1}::int AND ${threshold}::int
             )::text AS products`.execute(this.db);
    return { variants: Number(rows[0]!.variants), products: Number(rows[0]!.products) };
  }
}
