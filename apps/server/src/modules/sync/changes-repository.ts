import { sql } from 'kysely';
import type { Db } from '../../db/client';

/** What the incremental stock check compares a channel's answer with (ADR 0054). */
export class ChangesRepository {
  constructor(private readonly db: Db) {}

  /** Where the connection's synced listings keep their stock (Shopify locations so far), sorted. */
  async locations(connectionId: string): Promise<string[]> {
    const { rows } = await sql<{ location: string }>`
      SELECT DISTINCT cl.external_location_id AS location
      FROM channel_listings cl
      JOIN product_variants pv ON pv.id = cl.variant_id
      JOIN products p ON p.id = pv.product_id
      WHERE cl.connection_id = ${connectionId} AND p.is_synced
        AND cl.external_location_id IS NOT NULL`.execute(this.db);
    // In code-unit order, as a pass compares them (it reads them in this order).
    return rows.map((r) => r.location).sort();
  }

  /** Whether the connection lists any product whose sync is on (else a check has nothing to do). */
  async hasSynced(connectionId: string): Promise<boolean> {
    const { rows } = await sql<{ yes: boolean }>`
      SELECT EXISTS (
        SELECT 1 FROM channel_listings cl
        JOIN product_variants pv ON pv.id = cl.variant_id
        JOIN products p ON p.id = pv.product_id
        WHERE cl.connection_id = ${connectionId} AND p.is_synced) AS yes`.execute(this.db);
    return rows[0]?.yes ?? false;
  }

  /** The connection's differences a stock check found that wait for their second look. */
  async awaitingSecondLook(connectionId: string): Promise<number> {
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM channel_listings
      WHERE connection_id = ${connectionId} AND check_reconcile AND seen_qty IS NOT NULL`.execute(
      this.db,
    );
    return rows[0]?.n ?? 0;
  }

  /**
   * The connection's synced listings (by external variant id, eBay's SKU) whose known quantity
   * differs from what the channel answered, leaving out a difference already waiting for its
   * second look (drift seen, check pending).
   */
  async differing(
    connectionId: string,
    levels: ReadonlyArray<{ externalVariantId: string; available: number }>,
  ): Promise<string[]> {
    if (levels.length === 0) return [];
    const { rows } = await sql<{ id: string }>`
      SELECT cl.id
      FROM unnest(${levels.map((l) => l.externalVariantId)}::text[],
                  ${levels.map((l) => l.available)}::int[]) AS r (variant, qty)
      JOIN channel_listings cl
        ON cl.connection_id = ${connectionId} AND cl.external_variant_id = r.variant
      JOIN product_variants pv ON pv.id = cl.variant_id
      JOIN products p ON p.id = pv.product_id
      WHERE p.is_synced AND cl.channel_qty IS NOT NULL AND cl.channel_qty <> r.qty
        AND NOT (cl.check_pending AND cl.seen_qty IS NOT DISTINCT FROM r.qty)`.execute(this.db);
    return rows.map((r) => r.id);
  }
}
