import { sql } from 'kysely';
import type { LedgerCause } from '@stocksync/contract';
import type { Db } from '../../db/client';
import type { Platform, PushBatchRow } from '../../db/types';

/** A listing with what sync needs to read or push it. */
export interface SyncListing {
  id: string;
  organization_id: string;
  connection_id: string;
  variant_id: string;
  product_id: string;
  external_product_id: string;
  external_variant_id: string;
  external_inventory_item_id: string | null;
  external_location_id: string | null;
  channel_qty: number | null;
  channel_version: string;
  push_seq: string;
  check_reason: string | null;
  drift_qty: number | null;
  drift_seen_at: Date | null;
  sku: string;
  master_qty: number;
  is_synced: boolean;
}

export interface LockedVariant {
  id: string;
  organization_id: string;
  product_id: string;
  title: string;
  sku: string;
  product_title: string;
  available_qty: number;
  is_synced: boolean;
}

export interface LedgerInsert {
  organizationId: string;
  variantId: string;
  delta: number;
  before: number;
  cause: LedgerCause;
  connectionId: string | null;
  reference: string | null;
  userId: string | null;
  key: string;
  now: Date;
}

const LISTING_COLUMNS = sql`cl.id, cl.organization_id, cl.connection_id, cl.variant_id,
  pv.product_id, cl.external_product_id, cl.external_variant_id, cl.external_inventory_item_id,
  cl.external_location_id, cl.channel_qty, cl.channel_version, cl.push_seq, cl.check_reason,
  cl.drift_qty, cl.drift_seen_at, pv.sku, pv.available_qty AS master_qty, p.is_synced`;

export type ConnectionJobTask = 'sync_connection' | 'sync_reconcile' | 'sync_orders';

const JOB_KINDS: Record<ConnectionJobTask, string> = {
  sync_connection: 'sync',
  sync_reconcile: 'reconcile',
  sync_orders: 'orders',
};

/** A job's run_at `delayMs` from now on the database's clock (null: now). */
const runAtSql = (delayMs: number | undefined) =>
  delayMs === undefined
    ? sql`NULL::timestamptz`
    : sql`now() + ${delayMs}::int * interval '1 millisecond'`;

/**
 * The add_job call for one of a connection's sync jobs. Each kind has its own queue per
 * connection: `sync` (reads and pushes, and reconciliation, which must not overlap) and `orders`
 * (fetching orders webhooks named, so a sale is not held up behind pushes). The job key folds
 * repeated requests into one pending job; a delayed run has its own key, so an immediate request
 * cannot replace (and lose) it.
 */
function addConnectionJob(
  task: ConnectionJobTask,
  connectionId: string,
  delayMs?: number,
  requested = false,
) {
  const queue = task === 'sync_orders' ? 'orders' : 'sync';
  const key = `${JOB_KINDS[task]}${delayMs !== undefined ? '-later' : ''}:${connectionId}`;
  return sql`graphile_worker.add_job(${task},
    json_build_object('connection_id', ${connectionId}::text, 'requested', ${requested}::boolean),
    queue_name := ${`${queue}:${connectionId}`}, run_at := ${runAtSql(delayMs)},
    max_attempts := 25, job_key := ${key}, job_key_mode := 'replace')`;
}

/** SQL of stock sync: master quantities, the ledger and per-listing sync state. */
export class SyncRepository {
  constructor(private readonly db: Db) {}

  /** Locks the variant row (every master change and listing update takes it first). */
  async lockVariant(variantId: string, organizationId?: string): Promise<LockedVariant | null> {
    const org = organizationId ? sql`AND pv.organization_id = ${organizationId}` : sql``;
    const { rows } = await sql<LockedVariant>`
      SELECT pv.id, pv.organization_id, pv.product_id, pv.title, pv.sku, p.title AS product_title,
             pv.available_qty, p.is_synced
      FROM product_variants pv JOIN products p ON p.id = pv.product_id
      WHERE pv.id = ${variantId} ${org}
      FOR UPDATE OF pv`.execute(this.db);
    return rows[0] ?? null;
  }

  /** Appends a ledger entry; false when its idempotency key was already used (a repeat). */
  async insertLedger(entry: LedgerInsert): Promise<boolean> {
    const inserted = await this.db
      .insertInto('inventory_ledger')
      .values({
        organization_id: entry.organizationId,
        variant_id: entry.variantId,
        delta: entry.delta,
        qty_before: entry.before,
        qty_after: entry.before + entry.delta,
        cause: entry.cause,
        connection_id: entry.connectionId,
        reference: entry.reference,
        user_id: entry.userId,
        idempotency_key: entry.key,
        created_at: entry.now,
      })
      .onConflict((oc) => oc.expression(sql`organization_id, idempotency_key`).doNothing())
      .returning('id')
      .executeTakeFirst();
    return inserted !== undefined;
  }

  async setMaster(variantId: string, quantity: number, now: Date): Promise<void> {
    await this.db
      .updateTable('product_variants')
      .set({ available_qty: quantity, updated_at: now })
      .where('id', '=', variantId)
      .execute();
  }

  /**
   * Flags the variant's listings for a push: those whose known quantity differs from the master
   * (never below zero), and those with a push already pending (its seq moves on, so an answer to a
   * push in flight cannot clear the request). `sold` is a listing on a channel without
   * compare-and-set that sold by itself: it now holds `quantity` less, unless one of our pushes
   * since `since` may have overwritten its decrement. Then what it holds is unknown and it is
   * re-read (reads are batched; a blind push would cost one write per product on TikTok): the
   * read pushes the master if the channel differs. Answers the connections that now have work.
   */
  async requestPushes(
    variantIds: string[],
    sold?: { listingId: string; quantity: number; since: Date },
  ): Promise<string[]> {
    if (variantIds.length === 0) return [];
    const listing = sold?.listingId ?? null;
    // Every value comes from the row being updated (not a subquery's snapshot): a push answer
    // recorded concurrently (recordPushed does not take the variant lock) must not be overwritten.
    const recheck = sql`coalesce(cl.id = ${listing}::uuid
      AND cl.last_pushed_at >= ${sold?.since ?? null}::timestamptz, false)`;
    const known = sql`CASE WHEN cl.id IS DISTINCT FROM ${listing}::uuid THEN cl.channel_qty
      WHEN ${recheck} THEN NULL ELSE cl.channel_qty - ${sold?.quantity ?? 0}::int END`;
    const push = sql`(cl.push_pending OR cl.drift_qty IS NOT NULL
      OR (NOT ${recheck} AND (${known}) IS DISTINCT FROM greatest(0, pv.available_qty)))`;
    const { rows } = await sql<{ connection_id: string; work: boolean }>`
      UPDATE channel_listings cl
      SET push_pending = ${push}, push_seq = cl.push_seq + (${push})::int,
          check_pending = cl.check_pending OR ${recheck}, channel_qty = ${known},
          drift_qty = NULL, drift_seen_at = NULL
      FROM product_variants pv
      WHERE pv.id = cl.variant_id AND cl.variant_id = ANY(${variantIds}::uuid[])
        AND (${push} OR cl.id = ${listing}::uuid)
      RETURNING cl.connection_id, cl.push_pending OR cl.check_pending AS work`.execute(this.db);
    // Sorted: every transaction takes the connections' job rows in the same order (no deadlock).
    return [...new Set(rows.filter((r) => r.work).map((r) => r.connection_id))].sort();
  }

  /**
   * Sync was turned on for these products: every listing is re-read (what it holds now becomes
   * what we know, without a delta) and then set to the master. Answers the connections with work.
   */
  async requestAlignment(organizationId: string, productIds: readonly string[]): Promise<string[]> {
    const { rows } = await sql<{ connection_id: string }>`
      UPDATE channel_listings cl
      SET push_pending = true, push_seq = cl.push_seq + 1, check_pending = true,
          channel_qty = NULL, drift_qty = NULL, drift_seen_at = NULL
      FROM product_variants pv
      WHERE pv.id = cl.variant_id AND pv.organization_id = ${organizationId}
        AND pv.product_id = ANY(${productIds as string[]}::uuid[])
      RETURNING cl.connection_id`.execute(this.db);
    return [...new Set(rows.map((r) => r.connection_id))].sort();
  }

  /** Asks for a re-read of these listings (a webhook said they changed). */
  async requestChecks(listingIds: string[], reason: string | null): Promise<void> {
    if (listingIds.length === 0) return;
    await sql`
      UPDATE channel_listings
      SET check_pending = true, check_reason = coalesce(${reason}, check_reason)
      WHERE id = ANY(${listingIds}::uuid[])`.execute(this.db);
  }

  async listingsByInventoryItem(
    connectionId: string,
    itemIds: string[],
  ): Promise<
    Array<{
      id: string;
      channel_qty: number | null;
      external_location_id: string | null;
      external_inventory_item_id: string | null;
    }>
  > {
    if (itemIds.length === 0) return [];
    return this.db
      .selectFrom('channel_listings')
      .select(['id', 'channel_qty', 'external_location_id', 'external_inventory_item_id'])
      .where('connection_id', '=', connectionId)
      .where('external_inventory_item_id', 'in', itemIds)
      .execute();
  }

  /** Listings of a connection named by external variant id or, failing that, by our SKU. */
  async listingsByVariantOrSku(
    connectionId: string,
    refs: Array<{ externalVariantId?: string; sku?: string }>,
  ): Promise<Array<{ id: string; variant_id: string; external_variant_id: string; sku: string }>> {
    const ids = refs.flatMap((r) => (r.externalVariantId ? [r.externalVariantId] : []));
    const skus = refs.flatMap((r) => (r.sku ? [r.sku.toLowerCase()] : []));
    if (ids.length === 0 && skus.length === 0) return [];
    const { rows } = await sql<{
      id: string;
      variant_id: string;
      external_variant_id: string;
      sku: string;
    }>`
      -- Two index lookups (by the channel's id; by SKU within the connection's organisation), not
      -- one OR that can only be answered by scanning the connection's listings.
      SELECT cl.id, cl.variant_id, cl.external_variant_id, pv.sku
      FROM channel_listings cl JOIN product_variants pv ON pv.id = cl.variant_id
      WHERE cl.connection_id = ${connectionId} AND cl.external_variant_id = ANY(${ids}::text[])
      UNION
      SELECT cl.id, cl.variant_id, cl.external_variant_id, pv.sku
      FROM platform_connections pc
      JOIN product_variants pv ON pv.organization_id = pc.organization_id
        AND pv.sku <> '' AND lower(pv.sku) = ANY(${skus}::text[])
      JOIN channel_listings cl ON cl.variant_id = pv.id AND cl.connection_id = pc.id
      WHERE pc.id = ${connectionId}`.execute(this.db);
    return rows;
  }

  /** Listings to re-read; a drift seen after `settledBefore` waits for its second look. */
  async pendingChecks(
    connectionId: string,
    limit: number,
    settledBefore: Date,
  ): Promise<SyncListing[]> {
    const { rows } = await sql<SyncListing>`
      SELECT ${LISTING_COLUMNS}
      FROM channel_listings cl
      JOIN product_variants pv ON pv.id = cl.variant_id
      JOIN products p ON p.id = pv.product_id
      WHERE cl.connection_id = ${connectionId} AND cl.check_pending
        AND (cl.drift_seen_at IS NULL OR cl.drift_seen_at <= ${settledBefore})
      LIMIT ${limit}`.execute(this.db);
    return rows;
  }

  async pendingPushes(connectionId: string, limit: number): Promise<SyncListing[]> {
    const { rows } = await sql<SyncListing>`
      SELECT ${LISTING_COLUMNS}
      FROM channel_listings cl
      JOIN product_variants pv ON pv.id = cl.variant_id
      JOIN products p ON p.id = pv.product_id
      WHERE cl.connection_id = ${connectionId} AND cl.push_pending
      ORDER BY cl.push_seq
      LIMIT ${limit}`.execute(this.db);
    return rows;
  }

  /** Listings of synced products on a connection, in pages (reconciliation). */
  async syncedListings(
    connectionId: string,
    afterId: string | null,
    limit: number,
  ): Promise<SyncListing[]> {
    const after = afterId ? sql`AND cl.id > ${afterId}` : sql``;
    const { rows } = await sql<SyncListing>`
      SELECT ${LISTING_COLUMNS}
      FROM channel_listings cl
      JOIN product_variants pv ON pv.id = cl.variant_id
      JOIN products p ON p.id = pv.product_id
      WHERE cl.connection_id = ${connectionId} AND p.is_synced ${after}
      ORDER BY cl.id
      LIMIT ${limit}`.execute(this.db);
    return rows;
  }

  /** Re-reads one listing under its row lock (the variant row must be locked first). */
  async lockListing(listingId: string): Promise<SyncListing | null> {
    const { rows } = await sql<SyncListing>`
      SELECT ${LISTING_COLUMNS}
      FROM channel_listings cl
      JOIN product_variants pv ON pv.id = cl.variant_id
      JOIN products p ON p.id = pv.product_id
      WHERE cl.id = ${listingId}
      FOR UPDATE OF cl`.execute(this.db);
    return rows[0] ?? null;
  }

  /** The channel confirmed `quantity` (a read or a webhook we trusted). */
  async recordObserved(listingId: string, quantity: number, now: Date): Promise<void> {
    await sql`
      UPDATE channel_listings
      SET channel_version = channel_version
            + CASE WHEN channel_qty IS DISTINCT FROM ${quantity} THEN 1 ELSE 0 END,
          channel_qty = ${quantity}, confirmed_at = ${now}, last_seen_qty = ${quantity},
          last_seen_at = ${now}, check_pending = false, check_reason = NULL,
          drift_qty = NULL, drift_seen_at = NULL, updated_at = ${now}
      WHERE id = ${listingId}`.execute(this.db);
  }

  /** A difference not yet trusted (channels without compare-and-set; see the ADR). */
  async recordDrift(listingId: string, quantity: number, now: Date): Promise<void> {
    await sql`
      UPDATE channel_listings
      SET drift_qty = ${quantity}, drift_seen_at = ${now}, check_pending = false
      WHERE id = ${listingId}`.execute(this.db);
  }

  async clearCheck(listingId: string): Promise<void> {
    await sql`
      UPDATE channel_listings SET check_pending = false, check_reason = NULL
      WHERE id = ${listingId}`.execute(this.db);
  }

  /** The channel accepted our pushes: each listing holds its `quantity` now. */
  async recordPushed(
    pushed: ReadonlyArray<{ listingId: string; quantity: number; seq: string }>,
    now: Date,
  ): Promise<void> {
    if (pushed.length === 0) return;
    await sql`
      UPDATE channel_listings cl
      SET channel_version = cl.channel_version
            + CASE WHEN cl.channel_qty IS DISTINCT FROM p.quantity THEN 1 ELSE 0 END,
          channel_qty = p.quantity, confirmed_at = ${now}, last_pushed_qty = p.quantity,
          last_pushed_at = ${now}, push_error = NULL,
          push_pending = (cl.push_seq <> p.seq), updated_at = ${now}
      FROM unnest(${pushed.map((p) => p.listingId)}::uuid[],
                  ${pushed.map((p) => p.quantity)}::int[],
                  ${pushed.map((p) => p.seq)}::bigint[]) AS p (id, quantity, seq)
      WHERE cl.id = p.id`.execute(this.db);
  }

  /** Nothing to push for these requests (already equal, or the product is not synced). */
  async clearPushes(cleared: ReadonlyArray<{ listingId: string; seq: string }>): Promise<void> {
    if (cleared.length === 0) return;
    await sql`
      UPDATE channel_listings cl SET push_pending = false
      FROM unnest(${cleared.map((c) => c.listingId)}::uuid[],
                  ${cleared.map((c) => c.seq)}::bigint[]) AS c (id, seq)
      WHERE cl.id = c.id AND cl.push_seq = c.seq`.execute(this.db);
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

  /** Listings by id, as sync needs them (no locks). */
  async listingsById(ids: string[]): Promise<SyncListing[]> {
    if (ids.length === 0) return [];
    const { rows } = await sql<SyncListing>`
      SELECT ${LISTING_COLUMNS}
      FROM channel_listings cl
      JOIN product_variants pv ON pv.id = cl.variant_id
      JOIN products p ON p.id = pv.product_id
      WHERE cl.id = ANY(${ids}::uuid[])`.execute(this.db);
    return rows;
  }

  /** The channel refused this listing for good (e.g. the item no longer exists there). */
  async recordPushError(listingId: string, seq: string, message: string): Promise<void> {
    await sql`
      UPDATE channel_listings
      SET push_error = ${message}, push_pending = (push_seq <> ${seq}::bigint)
      WHERE id = ${listingId}`.execute(this.db);
  }

  async setLocation(connectionId: string, location: string): Promise<void> {
    await sql`
      UPDATE channel_listings SET external_location_id = ${location}
      WHERE connection_id = ${connectionId} AND external_location_id IS NULL`.execute(this.db);
  }

  async connection(id: string): Promise<{
    id: string;
    organization_id: string;
    platform: Platform;
    alias: string;
    status: string;
    sync_enabled: boolean;
    orders_polled_at: Date | null;
  } | null> {
    const row = await this.db
      .selectFrom('platform_connections')
      .select([
        'id',
        'organization_id',
        'platform',
        'alias',
        'status',
        'sync_enabled',
        'orders_polled_at',
      ])
      .where('id', '=', id)
      .executeTakeFirst();
    return row ?? null;
  }

  /**
   * Records a sync webhook's event id and, only if it was new, flags its listings for a re-read
   * and queues the order it named, in one statement (atomic without a transaction, one round trip
   * on the busiest path). Answers false for a redelivery of a recorded event (nothing changed).
   */
  async recordSyncEvent(
    event: { provider: Platform; eventId: string; topic: string; account: string | null },
    checks: { listingIds: string[]; reason: string | null },
    orders: { orderId: string; connectionIds: string[] } | null,
    now: Date,
  ): Promise<boolean> {
    const { rows } = await sql<{ fresh: boolean }>`
      WITH event AS (
        INSERT INTO processed_webhook_events
          (provider, event_id, topic, account, received_at, processed_at)
        VALUES (${event.provider}, ${event.eventId}, ${event.topic}, ${event.account}, ${now}, ${now})
        ON CONFLICT (provider, event_id) DO NOTHING
        RETURNING id
      ), flagged AS (
        UPDATE channel_listings
        SET check_pending = true, check_reason = coalesce(${checks.reason}, check_reason)
        WHERE id = ANY(${checks.listingIds}::uuid[]) AND EXISTS (SELECT 1 FROM event)
      ), queued AS (
        INSERT INTO pending_channel_orders (connection_id, order_id, received_at)
        SELECT c.id, ${orders?.orderId ?? ''}, ${now}
        FROM unnest(${orders?.connectionIds ?? []}::uuid[]) AS c (id)
        WHERE EXISTS (SELECT 1 FROM event)
        ON CONFLICT DO NOTHING
      )
      SELECT EXISTS (SELECT 1 FROM event) AS fresh`.execute(this.db);
    return rows[0]?.fresh ?? false;
  }

  async pendingOrders(connectionId: string, limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('pending_channel_orders')
      .select('order_id')
      .where('connection_id', '=', connectionId)
      .orderBy('received_at')
      .limit(limit)
      .execute();
    return rows.map((r) => r.order_id);
  }

  async removePendingOrders(connectionId: string, orderIds: string[]): Promise<void> {
    if (orderIds.length === 0) return;
    await this.db
      .deleteFrom('pending_channel_orders')
      .where('connection_id', '=', connectionId)
      .where('order_id', 'in', orderIds)
      .execute();
  }

  async setOrdersPolledAt(connectionId: string, at: Date): Promise<void> {
    await this.db
      .updateTable('platform_connections')
      .set({ orders_polled_at: at })
      .where('id', '=', connectionId)
      .execute();
  }

  async setReconciledAt(connectionId: string, at: Date): Promise<void> {
    await this.db
      .updateTable('platform_connections')
      .set({ reconciled_at: at })
      .where('id', '=', connectionId)
      .execute();
  }

  /** Active connections of a platform (or every platform), for the periodic jobs. */
  async activeConnections(organizationId?: string, platform?: Platform): Promise<string[]> {
    let query = this.db
      .selectFrom('platform_connections')
      .select('id')
      .where('status', '=', 'active');
    if (organizationId) query = query.where('organization_id', '=', organizationId);
    if (platform) query = query.where('platform', '=', platform);
    return (await query.execute()).map((r) => r.id);
  }

  /** Queues one of the connection's sync jobs in this transaction (see addConnectionJob). */
  async enqueueConnectionJob(
    task: ConnectionJobTask,
    connectionId: string,
    /** Run this many ms from now (the database's clock, which the queue runs on). */
    delayMs?: number,
    /** A seller asked for it (their stock check is always reported in the activity log). */
    requested = false,
  ): Promise<void> {
    await sql`SELECT ${addConnectionJob(task, connectionId, delayMs, requested)}`.execute(this.db);
  }

  /**
   * Queues the connection's job unless one is waiting to start already (it will see what the
   * caller committed). Outside any transaction only: see Wakeups.
   */
  async wakeConnectionJob(task: ConnectionJobTask, connectionId: string): Promise<void> {
    // One round trip: the check and the queuing.
    await sql`
      SELECT ${addConnectionJob(task, connectionId)}
      WHERE NOT EXISTS (
        SELECT 1 FROM graphile_worker._private_jobs
        WHERE key = ${`${JOB_KINDS[task]}:${connectionId}`} AND locked_at IS NULL
          AND run_at <= now() AND attempts = 0)`.execute(this.db);
  }

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

  /** The next eBay order poll of the connection, in `delayMs` (kept if one is already due sooner). */
  async enqueuePoll(connectionId: string, delayMs: number): Promise<void> {
    await sql`SELECT graphile_worker.add_job('sync_poll_orders',
      json_build_object('connection_id', ${connectionId}::text), run_at := ${runAtSql(delayMs)},
      max_attempts := 5, job_key := ${`poll:${connectionId}`},
      job_key_mode := 'preserve_run_at')`.execute(this.db);
  }
}
