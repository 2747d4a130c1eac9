import { sql } from 'kysely';
import type { Db } from '../../db/client';
import type {
  HeldVariant,
  ImportedProduct,
  ImportedVariant,
  ImportedVariantUpdate,
  StockMove,
} from './imported-products';

/** A variant with its product's title, sync state and source connection, as HeldVariant. */
const HELD = sql`
  SELECT pv.id AS "variantId", pv.product_id AS "productId", pv.sku, pv.title,
         pv.current_price::text AS price, pv.available_qty AS qty, p.title AS "productTitle",
         p.is_synced AS "isSynced", p.source_connection_id AS "sourceConnectionId"
  FROM product_variants pv JOIN products p ON p.id = pv.product_id`;

/** The catalogue's writes of an import batch: multi-row statements over unnest arrays. */
export class ImportedProductsRepository {
  constructor(private readonly db: Db) {}

  /** The organisation's variants with these lower-cased SKUs. */
  async variantsBySku(organizationId: string, skus: readonly string[]): Promise<HeldVariant[]> {
    if (skus.length === 0) return [];
    const { rows } = await sql<HeldVariant>`${HELD}
      WHERE pv.organization_id = ${organizationId} AND pv.sku <> ''
        AND lower(pv.sku) = ANY(${[...skus]}::text[])`.execute(this.db);
    return rows;
  }

  async heldVariants(
    organizationId: string,
    ids: readonly string[],
    lock: boolean,
  ): Promise<HeldVariant[]> {
    if (ids.length === 0) return [];
    const { rows } = await sql<HeldVariant>`${HELD}
      WHERE pv.organization_id = ${organizationId} AND pv.id = ANY(${[...ids]}::uuid[])
      ORDER BY pv.id ${lock ? sql`FOR UPDATE OF pv` : sql``}`.execute(this.db);
    return rows;
  }

  async insertProducts(
    organizationId: string,
    connectionId: string,
    products: ImportedProduct[],
    now: Date,
  ) {
    if (products.length === 0) return;
    await sql`
      INSERT INTO products (id, organization_id, title, source_connection_id, created_at,
                            updated_at)
      SELECT id, ${organizationId}::uuid, title, ${connectionId}::uuid, ${now}, ${now}
      FROM unnest(${products.map((p) => p.id)}::uuid[], ${products.map((p) => p.title)}::text[])
        AS t (id, title)`.execute(this.db);
  }

  async insertVariants(organizationId: string, variants: ImportedVariant[], now: Date) {
    if (variants.length === 0) return;
    const col = <T>(pick: (v: ImportedVariant) => T) => variants.map(pick);
    await sql`
      INSERT INTO product_variants (id, organization_id, product_id, position, title, sku,
        option1, option2, option3, available_qty, current_price, created_at, updated_at)
      SELECT id, ${organizationId}::uuid, product_id, position, title, sku, option1, option2,
        option3, qty, price::numeric(12, 2), ${now}, ${now}
      FROM unnest(${col((v) => v.id)}::uuid[], ${col((v) => v.productId)}::uuid[],
        ${col((v) => v.position)}::int[], ${col((v) => v.title)}::text[],
        ${col((v) => v.sku)}::text[], ${col((v) => v.options[0])}::text[],
        ${col((v) => v.options[1])}::text[], ${col((v) => v.options[2])}::text[],
        ${col((v) => v.qty)}::int[], ${col((v) => v.price)}::text[])
        AS t (id, product_id, position, title, sku, option1, option2, option3, qty, price)`.execute(
      this.db,
    );
  }

  /** Names and prices (the planner sends only the ones that differ). */
  async updateVariants(updates: readonly ImportedVariantUpdate[], now: Date): Promise<void> {
    if (updates.length === 0) return;
    await sql`
      UPDATE product_variants pv
      SET title = t.title, current_price = t.price::numeric(12, 2), updated_at = ${now}
      FROM unnest(${updates.map((u) => u.id)}::uuid[], ${updates.map((u) => u.title)}::text[],
             ${updates.map((u) => u.price)}::text[]) AS t (id, title, price)
      WHERE pv.id = t.id`.execute(this.db);
  }

  /** Quantities (of variants the batch locked; their history is the caller's). */
  async setQuantities(moves: readonly StockMove[], now: Date): Promise<void> {
    if (moves.length === 0) return;
    await sql`
      UPDATE product_variants pv SET available_qty = t.qty, updated_at = ${now}
      FROM unnest(${moves.map((m) => m.variantId)}::uuid[], ${moves.map((m) => m.qtyAfter)}::int[])
        AS t (id, qty)
      WHERE pv.id = t.id`.execute(this.db);
  }

  async updateTitles(titles: readonly { id: string; title: string }[], now: Date): Promise<void> {
    if (titles.length === 0) return;
    await sql`
      UPDATE products p SET title = t.title, updated_at = ${now}
      FROM unnest(${titles.map((p) => p.id)}::uuid[], ${titles.map((p) => p.title)}::text[])
        AS t (id, title)
      WHERE p.id = t.id AND p.title IS DISTINCT FROM t.title`.execute(this.db);
  }
}
