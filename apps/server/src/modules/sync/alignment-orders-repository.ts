import { sql } from 'kysely';
import type { Db } from '../../db/client';

/** A Shopify order the alignment read of its listing counted: to apply as the order it is. */
export interface CountedOrder {
  orderId: string;
  /** Its own name on the channel (Shopify "#1003"), when its webhook said. */
  orderName: string | null;
  quantity: number;
}

/** alignment_orders: new Shopify orders kept by the intake until the job judges them. */
export class AlignmentOrdersRepository {
  constructor(private readonly db: Db) {}

  /**
   * Takes every order kept for the listing, answers those its alignment read counted
   * (sync_alignment_counts; `readSeq`: the check_seq that read answered, when the caller's read is
   * it) and says on the listing that none waits. The order named for the next read's change goes
   * if it is one of them: its sale is applied here, not in a change a read finds. Run after a read
   * was recorded, under the listing's row lock, so no order is kept meanwhile.
   */
  async take(listingId: string, readSeq: string | null): Promise<CountedOrder[]> {
    const { rows } = await sql<CountedOrder>`
      WITH taken AS (
        DELETE FROM alignment_orders ao USING channel_listings cl
        WHERE ao.listing_id = ${listingId} AND cl.id = ao.listing_id
        RETURNING ao.order_id, ao.quantity, cl.connection_id,
          sync_alignment_counts(cl.align_started_at, cl.align_read_at,
                                ao.check_seq <= ${readSeq}::bigint, ao.created_at) AS counted
      ), cleared AS (
        UPDATE channel_listings
        SET check_alignment_orders = false,
            check_order_id = CASE WHEN check_order_id IN (SELECT order_id FROM taken WHERE counted)
              THEN NULL ELSE check_order_id END
        WHERE id = ${listingId}
      )
      SELECT t.order_id AS "orderId", n.name AS "orderName", t.quantity
      FROM taken t
      LEFT JOIN channel_order_names n
        ON n.connection_id = t.connection_id AND n.order_id = t.order_id
      WHERE t.counted
      ORDER BY t.order_id`.execute(this.db);
    return rows;
  }
}
