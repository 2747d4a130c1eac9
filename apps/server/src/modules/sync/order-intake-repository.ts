import { sql } from 'kysely';
import type { Db } from '../../db/client';

/** Whether a connection's orders are all in, for a difference read on a channel (ADR 0025). */
export class OrderIntakeRepository {
  constructor(private readonly db: Db) {}

  /**
   * No order of the connection waits to be fetched and, where orders are polled (eBay), a poll
   * begun at or after `since` has finished (none yet: the watch has not started, earlier sales are
   * in the imported quantities). Until then an order may still explain a difference seen since.
   */
  async caughtUp(connectionId: string, since: Date, polled: boolean): Promise<boolean> {
    const { rows } = await sql<{ yes: boolean }>`
      SELECT NOT EXISTS (SELECT 1 FROM pending_channel_orders WHERE connection_id = ${connectionId})
        AND (NOT ${polled}::boolean OR coalesce(
          (SELECT orders_polled_at >= ${since}::timestamptz
           FROM platform_connections WHERE id = ${connectionId}), true)) AS yes`.execute(this.db);
    return rows[0]?.yes ?? false;
  }
}
