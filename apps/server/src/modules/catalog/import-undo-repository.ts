import { sql } from 'kysely';
import type { Db } from '../../db/client';

/** The catalogue's writes of an import's undo (see CatalogImportUndo). */
export class ImportUndoRepository {
  constructor(private readonly db: Db) {}

  /** Locks these variants of the organisation; answers the ids found and their products. */
  async lockVariants(organizationId: string, ids: readonly string[]) {
    if (ids.length === 0) return [];
    const { rows } = await sql<{ id: string; product_id: string }>`
      SELECT id, product_id FROM product_variants
      WHERE organization_id = ${organizationId} AND id = ANY(${[...ids]}::uuid[])
      ORDER BY id FOR UPDATE`.execute(this.db);
    return rows;
  }

  /**
   * The first product changed since the import: renamed from the title it left (`titles`), or
   * synced among `unsynced`; else the first of these variants updated after `since`.
   */
  async firstChangedSince(
    organizationId: string,
    titles: readonly { id: string; title: string }[],
    unsynced: readonly string[],
    variantIds: readonly string[],
    since: Date,
  ): Promise<string | undefined> {
    const { rows } = await sql<{ title: string }>`
      (SELECT p.title FROM products p
       WHERE p.organization_id = ${organizationId} AND p.id = ANY(${[...unsynced]}::uuid[])
         AND p.is_synced LIMIT 1)
      UNION ALL
      (SELECT p.title FROM products p
       JOIN unnest(${titles.map((t) => t.id)}::uuid[], ${titles.map((t) => t.title)}::text[])
         AS t (id, title) ON t.id = p.id
       WHERE p.organization_id = ${organizationId} AND p.title IS DISTINCT FROM t.title LIMIT 1)
      UNION ALL
      (SELECT p.title || ' (' || coalesce(nullif(pv.sku, ''), pv.title) || ')'
       FROM product_variants pv JOIN products p ON p.id = pv.product_id
       WHERE pv.organization_id = ${organizationId} AND pv.id = ANY(${[...variantIds]}::uuid[])
         AND pv.updated_at > ${since} LIMIT 1)
      LIMIT 1`.execute(this.db);
    return rows[0]?.title;
  }

  async restoreVariants(
    rows: readonly { id: string; title: string; price: string }[],
    now: Date,
  ): Promise<void> {
    if (rows.length === 0) return;
    await sql`
      UPDATE product_variants pv
      SET title = t.title, current_price = t.price::numeric(12, 2), updated_at = ${now}
      FROM unnest(${rows.map((r) => r.id)}::uuid[], ${rows.map((r) => r.title)}::text[],
             ${rows.map((r) => r.price)}::text[]) AS t (id, title, price)
      WHERE pv.id = t.id`.execute(this.db);
  }

  async restoreTitles(rows: readonly { id: string; title: string }[], now: Date): Promise<void> {
    if (rows.length === 0) return;
    await sql`
      UPDATE products p SET title = t.title, updated_at = ${now}
      FROM unnest(${rows.map((r) => r.id)}::uuid[], ${rows.map((r) => r.title)}::text[])
        AS t (id, title)
      WHERE p.id = t.id`.execute(this.db);
  }

  /** Deletes variants (their listings and stock history go with them); answers how many. */
  async deleteVariants(organizationId: string, ids: readonly string[]): Promise<number> {
    if (ids.length === 0) return 0;
    const result = await sql`
      DELETE FROM product_variants
      WHERE organization_id = ${organizationId} AND id = ANY(${[...ids]}::uuid[])`.execute(this.db);
    return Number(result.numAffectedRows ?? 0);
  }

  async deleteProducts(organizationId: string, ids: readonly string[]): Promise<number> {
    if (ids.length === 0) return 0;
    const result = await sql`
      DELETE FROM products
      WHERE organization_id = ${organizationId} AND id = ANY(${[...ids]}::uuid[])`.execute(this.db);
    return Number(result.numAffectedRows ?? 0);
  }
}
