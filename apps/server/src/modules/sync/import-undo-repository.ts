import { sql } from 'kysely';
import type { Db } from '../../db/client';

/** What an import's undo reads and deletes of listings and stock history. */
export class ListingsUndoRepository {
  constructor(private readonly db: Db) {}

  /** The first stock history entry of these variants since `since` that is not `reference`'s. */
  async firstStockChangeSince(
    organizationId: string,
    variantIds: readonly string[],
    since: Date,
    reference: string,
  ) {
    if (variantIds.length === 0) return undefined;
    const { rows } = await sql<{
      sku: string;
      title: string;
      cause: string;
      platform: string | null;
    }>`
      SELECT pv.sku, pv.title, l.cause, pc.platform
      FROM inventory_ledger l
      JOIN product_variants pv ON pv.id = l.variant_id
      LEFT JOIN platform_connections pc ON pc.id = l.connection_id
      WHERE l.organization_id = ${organizationId} AND l.variant_id = ANY(${[...variantIds]}::uuid[])
        AND l.created_at >= ${since} AND l.reference IS DISTINCT FROM ${reference}
      ORDER BY l.id LIMIT 1`.execute(this.db);
    return rows[0];
  }

  /**
   * The first listing of these variants that is not one of `own` (a later link). A set
   * difference: as a filter, NOT (id = ANY(own)) on our generic plans compares each listing with
   * the whole array, quadratic in the import's size (bench/results/import-dry-run-undo.md).
   */
  async firstOtherListing(
    organizationId: string,
    variantIds: readonly string[],
    own: readonly string[],
  ) {
    if (variantIds.length === 0) return undefined;
    const { rows } = await sql<{ platform: string; alias: string }>`
      SELECT pc.platform, pc.alias
      FROM (SELECT cl.id FROM channel_listings cl
            WHERE cl.organization_id = ${organizationId}
              AND cl.variant_id = ANY(${[...variantIds]}::uuid[])
            EXCEPT SELECT unnest(${[...own]}::uuid[])) other
      JOIN channel_listings cl ON cl.id = other.id
      JOIN platform_connections pc ON pc.id = cl.connection_id
      LIMIT 1`.execute(this.db);
    return rows[0];
  }

  /** Deletes the listings; answers the variant of each one deleted. */
  async deleteListings(organizationId: string, ids: readonly string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const { rows } = await sql<{ variant_id: string }>`
      DELETE FROM channel_listings
      WHERE organization_id = ${organizationId} AND id = ANY(${[...ids]}::uuid[])
      RETURNING variant_id`.execute(this.db);
    return rows.map((r) => r.variant_id);
  }
}
