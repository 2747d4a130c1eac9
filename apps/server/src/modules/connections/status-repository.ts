import { sql } from 'kysely';
import type { Db } from '../../db/client';
import type { ConnectionRow } from './repository';

/** A connection's status and settings: sync on or off, disconnected, deleted, when last checked. */
export class StatusRepository {
  constructor(private readonly db: Db) {}

  /**
   * Flips sync_enabled of the organisation's connection in one statement (concurrent toggles each
   * flip once). Disconnected connections are left alone: undefined when nothing was updated.
   */
  toggleSync(organizationId: string, id: string, now: Date): Promise<ConnectionRow | undefined> {
    return this.db
      .updateTable('platform_connections')
      .set({ sync_enabled: sql<boolean>`NOT sync_enabled`, updated_at: now })
      .where('id', '=', id)
      .where('organization_id', '=', organizationId)
      .where('status', '<>', 'disconnected')
      .returningAll()
      .executeTakeFirst();
  }

  /** Status disconnected and the tokens wiped. */
  async markDisconnected(id: string, now: Date): Promise<void> {
    await this.db
      .updateTable('platform_connections')
      .set({
        status: 'disconnected',
        access_token_enc: null,
        refresh_token_enc: null,
        access_token_expires_at: null,
        disconnected_at: now,
        updated_at: now,
      })
      .where('id', '=', id)
      .execute();
  }

  /**
   * Deletes the connection: tokens, username, ebay_id and external account id go with the row;
   * its listings, imports, pending orders and push batches by their ON DELETE CASCADE.
   */
  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('platform_connections').where('id', '=', id).execute();
  }

  async setOrdersPolledAt(id: string, at: Date): Promise<void> {
    await this.db
      .updateTable('platform_connections')
      .set({ orders_polled_at: at })
      .where('id', '=', id)
      .execute();
  }

  async setReconciledAt(id: string, at: Date): Promise<void> {
    await this.db
      .updateTable('platform_connections')
      .set({ reconciled_at: at })
      .where('id', '=', id)
      .execute();
  }

  async setChangesSeenAt(id: string, at: Date): Promise<void> {
    await this.db
      .updateTable('platform_connections')
      .set({ changes_seen_at: at })
      .where('id', '=', id)
      .execute();
  }

  /** Recomputes the product-list aggregates of every product listed on the connection. */
  async refreshAggregates(id: string): Promise<void> {
    await sql`
      SELECT refresh_product_aggregates(ARRAY(
        SELECT DISTINCT pv.product_id FROM channel_listings cl
        JOIN product_variants pv ON pv.id = cl.variant_id
        WHERE cl.connection_id = ${id}))`.execute(this.db);
  }
}
