import { expressionBuilder, sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/client';
import type { Database, Platform } from '../../db/types';
import { filterExpression, patternsOf, type ProductFilters } from './product-filters-repository';
import type { ProductOrder, SortedKey } from './product-order';
import { SortedOrder } from './product-sorted-sql-repository';
import { variantPriceCurrencyOf } from './variants-repository';

export interface ExportRow {
  product_id: string;
  product_title: string;
  is_synced: boolean;
  /** The product's position in the export's order (its sort value as text), for the next batch. */
  cursor_value: string;
  variant_id: string | null;
  variant_title: string | null;
  sku: string | null;
  available_qty: number | null;
  cost_price: string | null;
  current_price: string | null;
  /** Currency of current_price when it is a channel's (variantPriceCurrencyOf). */
  price_currency: string | null;
  /** What each account's listing of the variant holds, by connection id (null: not known). */
  channel_qty: Record<string, number | null> | null;
}

/** What the export covers and in which order: the list's filters and sort. */
export interface ExportScope {
  filters: ProductFilters;
  order: ProductOrder | undefined;
}

/** The default order (newest first) or a sorted one, as the export's keyset needs it. */
function exportOrder(order: ProductOrder | undefined) {
  if (!order) {
    return {
      join: sql``,
      value: sql`products.created_at`,
      cursorText: sql`products.created_at::text`,
      by: sql`products.created_at DESC, products.id DESC`,
      outer: sql`x.sort_value DESC, x.product_id DESC`,
      after: (key: SortedKey): RawBuilder<unknown> =>
        sql`(products.created_at, products.id) < (${key.value}::timestamptz, ${key.id}::uuid)`,
    };
  }
  const o = new SortedOrder(order);
  const dir = sql.raw(order.direction === 'asc' ? 'ASC' : 'DESC');
  return {
    join: sql`JOIN ${o.keys} ON k.product_id = products.id`,
    value: o.column,
    cursorText: sql`${o.column}::text`,
    by: sql`${o.column} ${dir}, k.product_id ${dir}`,
    outer: sql`x.sort_value ${dir}, x.product_id ${dir}`,
    after: (key: SortedKey): RawBuilder<unknown> => o.after(key),
  };
}

/** The catalogue as the CSV export reads it, in keyset batches. */
export class ProductExportRepository {
  constructor(private readonly db: Db) {}

  /**
   * Up to `limit` products after `after` in the scope's order, with their variants: one row per
   * variant (variant columns null for a product without variants), each with what every
   * account's listing of it holds. For the CSV export's keyset batches.
   */
  async exportBatch(
    organizationId: string,
    scope: ExportScope,
    after: SortedKey | null,
    limit: number,
  ): Promise<ExportRow[]> {
    const order = exportOrder(scope.order);
    const filters = filterExpression(
      expressionBuilder<Database, 'products'>(),
      organizationId,
      scope.filters,
      patternsOf(scope.filters),
    );
    const { rows } = await sql<ExportRow>`
      SELECT x.product_id, x.product_title, x.is_synced, x.cursor_value,
             v.id AS variant_id, v.title AS variant_title, v.sku, v.available_qty,
             v.cost_price, v.current_price, ${variantPriceCurrencyOf(sql.ref('v.id'))} AS price_currency,
             (SELECT jsonb_object_agg(cl.connection_id, cl.channel_qty)
              FROM channel_listings cl WHERE cl.variant_id = v.id) AS channel_qty
      FROM (
        SELECT products.id AS product_id, products.title AS product_title, products.is_synced,
               ${order.value} AS sort_value, ${order.cursorText} AS cursor_value
        FROM products ${order.join}
        WHERE ${filters} ${after ? sql`AND ${order.after(after)}` : sql``}
        ORDER BY ${order.by}
        LIMIT ${limit}
      ) x
      LEFT JOIN product_variants v ON v.product_id = x.product_id
      ORDER BY ${order.outer}, v.position, v.id`.execute(this.db);
    return rows;
  }

  /** The organisation's connected accounts (not disconnected), one CSV column each. */
  async connectedAccounts(
    organizationId: string,
  ): Promise<{ id: string; platform: Platform; alias: string }[]> {
    return this.db
      .selectFrom('platform_connections')
      .select(['id', 'platform', 'alias'])
      .where('organization_id', '=', organizationId)
      .where('status', '<>', 'disconnected')
      .orderBy('platform')
      .orderBy('alias')
      .orderBy('id')
      .execute();
  }
}
