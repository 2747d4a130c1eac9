import { sql } from 'kysely';
import type { ProductDetail } from '@stocksync/contract';
import type { Db } from '../../db/client';
import { QueryShapes } from '../../db/query-shapes';
import { jsonText, type JsonText } from './json-text';
import { productSkuOfP } from './product-list-sql-repository';
import { variantPlatformsOf, variantPriceCurrencyOf } from './variants-repository';

interface DetailValues extends Record<string, unknown> {
  organizationId: string;
  productId: string;
}

/**
 * A product and its variants as the JSON of a ProductDetail, rendered by PostgreSQL in one
 * statement (compiled once): the product row and its variants used to be two statements whose
 * rows the server parsed and wrote out again, which took longer than both statements
 * (bench/results/product-list.md). Keys in the contract's order; money as text so that it stays
 * exact ("12.50").
 */
const detailStatement = new QueryShapes<Record<string, never>, DetailValues, { detail: string }>(
  ['organizationId', 'productId'],
  (db, _shape, v) =>
    sql<{ detail: string }>`
      SELECT json_build_object(
        'id', p.id,
        'title', p.title,
        'sku', ${productSkuOfP},
        'is_synced', p.is_synced,
        'available_qty', p.available_qty,
        'platforms', p.platforms,
        'variants', (
          SELECT coalesce(json_agg(r), '[]')
          FROM (
            SELECT pv.id, pv.title, pv.sku, pv.available_qty,
                   pv.cost_price::text AS cost_price, pv.current_price::text AS current_price,
                   ${variantPriceCurrencyOf(sql.ref('pv.id'))} AS price_currency,
                   ${variantPlatformsOf(sql.ref('pv.id'))} AS platforms
            FROM product_variants pv
            WHERE pv.organization_id = ${v.organizationId} AND pv.product_id = p.id
            ORDER BY pv.position, pv.id
          ) r)
      )::text AS detail
      FROM products p
      WHERE p.organization_id = ${v.organizationId} AND p.id = ${v.productId}`.compile(db),
);

export class ProductDetailRepository {
  constructor(private readonly db: Db) {}

  /** The organisation's product as ProductDetail JSON; undefined when it has no such product. */
  async detailJson(
    organizationId: string,
    productId: string,
  ): Promise<JsonText<ProductDetail> | undefined> {
    const query = detailStatement.compile(this.db, {}, { organizationId, productId });
    const row = (await this.db.executeQuery(query)).rows[0];
    return row && jsonText<ProductDetail>(row.detail);
  }
}
