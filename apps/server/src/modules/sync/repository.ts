import { sql } from 'kysely';
import type { Db } from '../../db/client';

/** Which connections have sync work flagged. */
export class SyncRepository {
  constructor(private readonly db: Db) {}

  /** Connections with sync work flagged (the sweep after a process died before waking them). */
  async connectionsWithWork(): Promise<{ sync: string[]; orders: string[] }> {
    const { rows } = await sql<{ connection_id: string; kind: 'sync' | 'orders' }>`
      SELECT DISTINCT connection_id, 'sync' AS kind FROM channel_listings
      WHERE push_pending OR check_pending
      UNION
      SELECT DISTINCT connection_id, 'orders' AS kind FROM pending_channel_orders`.execute(this.db);
    return {
      sync: rows.filter((r) => r.kind === 'sync').map((r) => r.connection_id),
      orders: rows.filter((r) => r.kind === 'orders').map((r) => r.connection_id),
    };
  }
}
