import { sql } from 'kysely';
import type { Db } from '../../db/client';
import type {
  ImportedProduct,
  ImportedVariant,
  ImportedVariantUpdate,
  StockMove,
} from './imported-products';

/** The catalogue's writes of an import batch: multi-row statements over unnest arrays. */
export class ImportedProductsRepository {
  constructor(private readonly db: Db) {}

  /** The organisation's variants with these lower-cased SKUs. */
  async variantsBySku(
    organizationId: string,
    skus: readonly string[],
  ): Promise<{ id: string; product_id: string; lsku: string }[]> {
    if (skus.length === 0) return [];
    const { rows } = await sql<{ id: string; product_id: string; lsku: string }>`
      SELECT id, product_id, lower(sku) AS lsku FROM product_variants
      WHERE organization_id = ${organizationId} AND sku <> ''
        AND lower(sku) = ANY(${[...skus]}::text[])`.execute(this.db);
    return rows;
  }

  async insertProducts(organizationId: string, products: ImportedProduct[], now: Date) {
    if (products.length === 0) return;
    await sql`
      INSERT INTO products (id, organization_id, title, created_at, updated_at)
      SELECT id, ${organizationId}::uuid, title, ${now}, ${now}
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

  /**
   * Names and prices follow the channel; the quantity only while the product is not synced (a
   * synced product's master quantity is the truth). Answers the quantities that changed.
   */
  async updateVariants(updates: ImportedVariantUpdate[], now: Date): Promise<StockMove[]> {
    if (updates.length === 0) return [];
    const { rows } = await sql<{ id: string; qty_before: number; qty_after: number }>`
      WITH before AS (
        SELECT pv.id, pv.available_qty FROM product_variants pv
        WHERE pv.id = ANY(${updates.map((u) => u.id)}::uuid[])
        FOR UPDATE
      ), changed AS (
        UPDATE product_variants pv
        SET title = t.title, current_price = t.price::numeric(12, 2),
            available_qty = CASE WHEN p.is_synced THEN pv.available_qty ELSE t.qty END,
            updated_at = ${now}
        FROM unnest(${updates.map((u) => u.id)}::uuid[], ${updates.map((u) => u.title)}::text[],
               ${updates.map((u) => u.price)}::text[], ${updates.map((u) => u.qty)}::int[])
             AS t (id, title, price, qty), products p
        WHERE pv.id = t.id AND p.id = pv.product_id
          AND (pv.title, pv.current_price, pv.available_qty) IS DISTINCT FROM
              (t.title, t.price::numeric(12, 2),
               CASE WHEN p.is_synced THEN pv.available_qty ELSE t.qty END)
        RETURNING pv.id, pv.available_qty
      )
      SELECT c.id, b.available_qty AS qty_before, c.available_qty AS qty_after
      FROM changed c JOIN before b ON b.id = c.id
      WHERE c.available_qty <> b.available_qty`.execute(this.db);
    return rows.map((r) => ({
      variantId: r.id,
      qtyBefore: r.qty_before,
      qtyAfter: r.qty_after,
      first: false,
    }));
  }

  async updateTitles(titles: { id: string; title: string }[], now: Date): Promise<void> {
    if (titles.length === 0) return;
    await sql`
      UPDATE products p SET title = t.title, updated_at = ${now}
      FROM unnest(${titles.map((p) => p.id)}::uuid[], ${titles.map((p) => p.title)}::text[])
        AS t (id, title)
      WHERE p.id = t.id AND p.title IS DISTINCT FROM t.title`.execute(this.db);
  }
}
