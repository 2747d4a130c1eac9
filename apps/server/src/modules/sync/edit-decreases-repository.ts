import { sql } from 'kysely';
import type { Db } from '../../db/client';

/** A decrease applied as a change made on the channel, that an order may turn out to explain. */
export interface EditDecrease {
  listingId: string;
  cause: 'channel_edit' | 'reconciliation';
  quantity: number;
  /** When we last knew what the listing held before it (null: never). */
  since: Date | null;
  readAt: Date;
}

/** What an order claimed of earlier decreases: how much, and the causes they were applied with. */
export interface ClaimedDecrease {
  quantity: number;
  cause: 'channel_edit' | 'reconciliation';
}

/**
 * Decreases read on a channel without compare-and-set and applied as changes made there, kept so
 * an order arriving after them is not counted twice (channel_edit_decreases, ADR 0054).
 */
export class EditDecreasesRepository {
  constructor(private readonly db: Db) {}

  /** Remembers a decrease just applied; forgets the listing's decreases older than `keepAfter`. */
  async remember(decrease: EditDecrease, keepAfter: Date): Promise<void> {
    await sql`
      WITH expired AS (
        DELETE FROM channel_edit_decreases
        WHERE listing_id = ${decrease.listingId} AND read_at < ${keepAfter})
      INSERT INTO channel_edit_decreases (listing_id, cause, left_qty, since, read_at)
      VALUES (${decrease.listingId}, ${decrease.cause}, ${decrease.quantity}, ${decrease.since},
              ${decrease.readAt})`.execute(this.db);
  }

  /** Which of these listings have decreases an order could still claim. */
  async listingsWithDecreases(listingIds: string[], keepAfter: Date): Promise<Set<string>> {
    if (listingIds.length === 0) return new Set();
    const { rows } = await sql<{ listing_id: string }>`
      SELECT DISTINCT listing_id FROM channel_edit_decreases
      WHERE listing_id = ANY(${listingIds}::uuid[]) AND read_at >= ${keepAfter}`.execute(this.db);
    return new Set(rows.map((r) => r.listing_id));
  }

  /**
   * An order of the listing created at `createdAt` sold `quantity`: claims up to that much of the
   * listing's decreases read after the sale and not older than `keepAfter`, oldest first, and
   * answers what it claimed per cause. Locks the variant first (as stock_apply_change does) and
   * then the decreases, so that two deliveries of the order cannot claim the same units; run it in
   * the transaction that applies the order.
   */
  async claim(
    variantId: string,
    listingId: string,
    createdAt: Date,
    quantity: number,
    keepAfter: Date,
  ): Promise<ClaimedDecrease[]> {
    const { rows } = await sql<{ cause: ClaimedDecrease['cause']; quantity: number }>`
      WITH locked AS (SELECT id FROM product_variants WHERE id = ${variantId} FOR UPDATE),
      open AS (
        SELECT d.id, d.left_qty, d.cause, d.read_at
        FROM channel_edit_decreases d, locked
        WHERE d.listing_id = ${listingId} AND d.read_at >= ${keepAfter}
          AND d.read_at >= ${createdAt} AND (d.since IS NULL OR d.since <= ${createdAt})
        FOR UPDATE OF d
      ), candidates AS (
        SELECT id, left_qty, cause,
          sum(left_qty) OVER (ORDER BY read_at, id) - left_qty AS before
        FROM open
      ), taken AS (
        SELECT id, cause, least(left_qty, ${quantity}::int - before)::int AS quantity
        FROM candidates WHERE before < ${quantity}::int
      ), spent AS (
        DELETE FROM channel_edit_decreases d USING taken t
        WHERE d.id = t.id AND d.left_qty = t.quantity
      ), kept AS (
        UPDATE channel_edit_decreases d SET left_qty = d.left_qty - t.quantity
        FROM taken t WHERE d.id = t.id AND d.left_qty > t.quantity
      )
      SELECT cause, sum(quantity)::int AS quantity FROM taken GROUP BY cause ORDER BY cause`.execute(
      this.db,
    );
    return rows;
  }
}
