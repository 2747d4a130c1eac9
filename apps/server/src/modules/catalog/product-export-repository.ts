import { sql } from 'kysely';
import type { Db } from '../../db/client';
import type { ListKey } from './product-list-sql-repository';
import { variantPriceCurrencyOf } from './variants-repository';

export interface ExportRow {
  product_id: string;
  product_title: string;
  is_synced: boolean;
  created_at: string;
  variant_id: string | null;
  variant_title: string | null;
  sku: string | null;
  available_qty: number | null;
  cost_price: string | null;
  current_price: string | null;
  /** Currency of current_price when it is a channel's (variantPriceCurrencyOf). */
  price_currency: string | null;
}

/** The catalogue as the CSV export reads it, in keyset batches. */
export class ProductExportRepository {
  constructor(private readonly db: Db) {}

  /**
   * Up to `limit` products after `after` in list order, with their variants: one row per variant
   * (variant columns null for a product without variants). For the CSV export's keyset batches.
   */
  async exportBatch(
    organizationId: string,
    after: ListKey | null,
    limit: number,
  ): Promise<ExportRow[]> {
    const cursor = after
      ? sql`AND (p.created_at, p.id) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`
      : sql``;
    const { rows } = await sql<ExportRow>`
      SELECT p.id AS product_id, p.title AS product_title, p.is_synced,
             p.created_at::text AS created_at,
             v.id AS variant_id, v.title AS variant_title, v.sku, v.available_qty,
             v.cost_price, v.current_price,
             ${variantPriceCurrencyOf(sql.ref('v.id'))} AS price_currency
      FROM (
        SELECT id, title, is_synced, created_at
        FROM products p
        WHERE p.organization_id = ${organizationId} ${cursor}
        ORDER BY p.created_at DESC, p.id DESC
        LIMIT ${limit}
      ) p
      LEFT JOIN product_variants v ON v.product_id = p.id
      ORDER BY p.created_at DESC, p.id DESC, v.position, v.id`.execute(this.db);
    return rows;
  }
}
