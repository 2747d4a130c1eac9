import { sql } from 'kysely';
import type { Db } from '../../db/client';
import type { PushBatchRow } from '../../db/types';
import { droppedDrift } from './checks-repository';
import type { SeenKind } from './listing-refs';

/** What a push records: the answers, refusals, and the journal of compare-and-set batches in flight. */
export class PushesRepository {
  constructor(private readonly db: Db) {}

  /**
   * The channel accepted our pushes: each listing holds its `quantity` now, since `at` (the
   * channel's time of the change, when it told); a drift seen before goes with what it was
   * measured against. The sales these requests carried stop waiting for the listings, in the
   * same statement (sync_sales_reached, docs/decisions/0060).
   */
  async recordPushed(
    pushed: ReadonlyArray<{ listingId: string; quantity: number; seq: string; at: Date | null }>,
    now: Date,
    seen: SeenKind,
  ): Promise<void> {
    if (pushed.length === 0) return;
    const ids = pushed.map((p) => p.listingId);
    const seqs = pushed.map((p) => p.seq);
    await sql`
      WITH pushed AS (
        UPDATE channel_listings cl
        SET channel_version = cl.channel_version
              + CASE WHEN cl.channel_qty IS DISTINCT FROM p.quantity THEN 1 ELSE 0 END,
            channel_qty = p.quantity, channel_at = p.at, confirmed_at = ${now},
            last_pushed_at = ${now}, push_error = NULL, ${droppedDrift(seen)}
            push_pending = (cl.push_seq <> p.seq), updated_at = ${now}
        FROM unnest(${ids}::uuid[], ${pushed.map((p) => p.quantity)}::int[], ${seqs}::bigint[],
                    ${pushed.map((p) => p.at)}::timestamptz[]) AS p (id, quantity, seq, at)
        WHERE cl.id = p.id)
      SELECT sync_sales_reached(${ids}::uuid[], ${seqs}::bigint[], ${now})`.execute(this.db);
  }

  /**
   * Nothing to push for these requests: the product's sync is off, or the channel already holds
   * the target (`inStep`), which the sales the request carried count as reaching it `now`.
   */
  async clearPushes(
    cleared: ReadonlyArray<{ listingId: string; seq: string; inStep: boolean }>,
    now: Date,
  ): Promise<void> {
    if (cleared.length === 0) return;
    const reached = cleared.filter((c) => c.inStep);
    await sql`
      WITH cleared AS (
        UPDATE channel_listings cl SET push_pending = false
        FROM unnest(${cleared.map((c) => c.listingId)}::uuid[],
                    ${cleared.map((c) => c.seq)}::bigint[]) AS c (id, seq)
        WHERE cl.id = c.id AND cl.push_seq = c.seq)
      SELECT sync_sales_reached(${reached.map((c) => c.listingId)}::uuid[],
                                ${reached.map((c) => c.seq)}::bigint[], ${now})`.execute(this.db);
  }

  /**
   * The channel refused this listing for good (e.g. the item no longer exists there): the sales
   * that request carried have failed to reach it (until a later push does).
   */
  async recordPushError(listingId: string, seq: string, message: string): Promise<void> {
    await sql`
      WITH failed AS (
        UPDATE sync_sale_waits SET failed = true
        WHERE listing_id = ${listingId} AND seq <= ${seq}::bigint AND NOT failed)
      UPDATE channel_listings
      SET push_error = ${message}, push_pending = (push_seq <> ${seq}::bigint)
      WHERE id = ${listingId}`.execute(this.db);
  }

  /** A compare-and-set push is about to be sent (see migration 0008). */
  async startPushBatch(key: string, connectionId: string, rows: PushBatchRow[]): Promise<void> {
    await this.db
      .insertInto('push_batches')
      .values({ idempotency_key: key, connection_id: connectionId, rows: JSON.stringify(rows) })
      .onConflict((oc) => oc.column('idempotency_key').doNothing())
      .execute();
  }

  /** Its answer is recorded. */
  async finishPushBatch(key: string): Promise<void> {
    await this.db.deleteFrom('push_batches').where('idempotency_key', '=', key).execute();
  }

  /** Batches sent by a job that died before recording the answer, oldest first. */
  async unfinishedPushBatches(
    connectionId: string,
  ): Promise<Array<{ key: string; rows: PushBatchRow[] }>> {
    const batches = await this.db
      .selectFrom('push_batches')
      .select(['idempotency_key', 'rows'])
      .where('connection_id', '=', connectionId)
      .orderBy('created_at')
      .execute();
    return batches.map((b) => ({ key: b.idempotency_key, rows: b.rows }));
  }

  async setLocation(connectionId: string, location: string): Promise<void> {
    await sql`
      UPDATE channel_listings SET external_location_id = ${location}
      WHERE connection_id = ${connectionId} AND external_location_id IS NULL`.execute(this.db);
  }
}
