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
  /** Moves on with every check request: a read clears only the requests made before it. */
  check_seq: string;
  check_reason: string | null;
  drift_qty: number | null;
  drift_seen_at: Date | null;
  /** The channel's own time of channel_qty, when known (migration 0014). */
  channel_at: Date | null;
  /** The newest quantity a stock webhook reported, and its channel time (migration 0014). */
  reported_qty: number | null;
  reported_at: Date | null;
  sku: string;
  master_qty: number;
  is_synced: boolean;
}

/** A listing a Shopify stock event is about, with the quantities of our pushes to it in flight. */
export interface StockEventListing {
  id: string;
  channel_qty: number | null;
  pushing_qty: number[];
  external_location_id: string | null;
  external_inventory_item_id: string | null;
}

/** A listing to re-read, with the quantity a stock webhook reported for it (and when), if any. */
export interface CheckRequest {
  listingId: string;
  report: { quantity: number; at: Date } | null;
}

/** A listing on a channel without compare-and-set that sold by itself (see requestPushes). */
export interface SoldListing {
  listingId: string;
  quantity: number;
  since: Date;
}

/** One master quantity change, as stock_apply_change (migration 0012) takes it. */
export interface StockChange {
  variantId: string;
  /** Only a variant of this organisation (null: the caller has checked it). */
  organizationId: string | null;
  change: { delta: number } | { set: number };
  cause: LedgerCause;
  connectionId: string | null;
  reference: string | null;
  userId: string | null;
  key: string;
  /** Where it came from, for the activity entry. */
  source: string;
  sold: SoldListing | null;
  onlyIfSynced: boolean;
  now: Date;
}

export interface StockChangeResult {
  variantFound: boolean;
  applied: boolean;
  before: number;
  after: number;
  /** Connections whose listings of the variant now have work (sorted). */
  connectionIds: string[];
}

const LISTING_COLUMNS = sql`cl.id, cl.organization_id, cl.connection_id, cl.variant_id,
  pv.product_id, cl.external_product_id, cl.external_variant_id, cl.external_inventory_item_id,
  cl.external_location_id, cl.channel_qty, cl.channel_version, cl.push_seq, cl.check_seq, cl.check_reason,
  cl.drift_qty, cl.drift_seen_at, cl.channel_at, cl.reported_qty, cl.reported_at, pv.sku,
  pv.available_qty AS master_qty, p.is_synced`;

/**
 * Clears the check request (and its reason) only if none was made since `checkSeq`. A reason the
 * answer used (the order a change it applied was named after) is cleared either way: a webhook
 * without one arriving meanwhile must not leave it to name the next change too.
 */
const answered = (checkSeq: string, usedReason: string | null = null) => sql`
  check_pending = check_pending AND check_seq <> ${checkSeq}::bigint,
  check_reason = CASE WHEN check_seq = ${checkSeq}::bigint OR check_reason = ${usedReason}::text
    THEN NULL ELSE check_reason END`;

/** SQL of stock sync: master quantities, the ledger and per-listing sync state. */
export class SyncRepository {
  constructor(private readonly db: Db) {}

  /**
   * Locks the variant row before its listings' (stock_apply_change takes it first too, so the
   * two cannot deadlock); false if the variant is gone.
   */
  async lockVariant(variantId: string): Promise<boolean> {
    const { rows } = await sql`
      SELECT 1 FROM product_variants WHERE id = ${variantId} FOR UPDATE`.execute(this.db);
    return rows.length > 0;
  }

  /**
   * Applies a master change in one statement: the variant's row lock, the ledger entry (once per
   * idempotency key), the quantity, push flags and the activity entry (migration 0012).
   */
  async applyStockChange(input: StockChange): Promise<StockChangeResult> {
    const { rows } = await sql<{
      variant_found: boolean;
      applied: boolean;
      quantity_before: number | null;
      quantity_after: number | null;
      connection_ids: string[];
    }>`
      SELECT variant_found, applied, quantity_before, quantity_after,
             connection_ids::text[] AS connection_ids
      FROM stock_apply_change(
        ${input.variantId}::uuid, ${input.organizationId}::uuid,
        ${'delta' in input.change ? input.change.delta : null}::int,
        ${'set' in input.change ? input.change.set : null}::int, ${input.cause}::text,
        ${input.connectionId}::uuid, ${input.reference}::text, ${input.userId}::uuid,
        ${input.key}::text, ${input.source}::text, ${input.sold?.listingId ?? null}::uuid,
        ${input.sold?.quantity ?? null}::int, ${input.sold?.since ?? null}::timestamptz,
        ${input.onlyIfSynced}::boolean, ${input.now}::timestamptz)`.execute(this.db);
    const row = rows[0]!;
    return {
      variantFound: row.variant_found,
      applied: row.applied,
      before: row.quantity_before ?? 0,
      after: row.quantity_after ?? 0,
      connectionIds: row.connection_ids,
    };
  }

  /** Which of these ledger idempotency keys the organisation has already used. */
  async ledgerKeysTaken(organizationId: string, keys: string[]): Promise<Set<string>> {
    if (keys.length === 0) return new Set();
    const { rows } = await sql<{ idempotency_key: string }>`
      SELECT idempotency_key FROM inventory_ledger
      WHERE organization_id = ${organizationId} AND idempotency_key = ANY(${keys}::text[])`.execute(
      this.db,
    );
    return new Set(rows.map((r) => r.idempotency_key));
  }

  /**
   * Flags the variant's listings whose known quantity differs from the master for a push (see
   * stock_request_pushes, migration 0012, for `sold` and why every value comes from the updated
   * row). Answers the connections that now have work, sorted.
   */
  async requestPushes(variantIds: string[], sold?: SoldListing): Promise<string[]> {
    if (variantIds.length === 0) return [];
    const { rows } = await sql<{ connection_id: string }>`
      SELECT stock_request_pushes(${variantIds}::uuid[], ${sold?.listingId ?? null}::uuid,
        ${sold?.quantity ?? null}::int, ${sold?.since ?? null}::timestamptz) AS connection_id`.execute(
      this.db,
    );
    return rows.map((r) => r.connection_id);
  }

  /**
   * Sync was turned on for these products: every listing is re-read (what it holds now becomes
   * what we know, without a delta) and then set to the master. Answers the connections with work.
   */
  async requestAlignment(organizationId: string, productIds: readonly string[]): Promise<string[]> {
    const { rows } = await sql<{ connection_id: string }>`
      UPDATE channel_listings cl
      SET push_pending = true, push_seq = cl.push_seq + 1, check_pending = true,
          check_seq = cl.check_seq + 1,
          channel_qty = NULL, channel_at = NULL, drift_qty = NULL, drift_seen_at = NULL
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
      SET check_pending = true, check_seq = check_seq + 1,
          check_reason = coalesce(${reason}, check_reason)
      WHERE id = ANY(${listingIds}::uuid[])`.execute(this.db);
  }

  /**
   * A connection's listings of these Shopify inventory items, with the quantities of our pushes to
   * them still in flight (push_batches): one statement, so a push is seen either in flight or as
   * recorded, never as neither.
   */
  async listingsByInventoryItem(
    connectionId: string,
    itemIds: string[],
  ): Promise<StockEventListing[]> {
    if (itemIds.length === 0) return [];
    const { rows } = await sql<StockEventListing>`
      SELECT cl.id, cl.channel_qty, cl.external_location_id, cl.external_inventory_item_id,
        ARRAY(SELECT (r ->> 'quantity')::int
              FROM push_batches pb, jsonb_array_elements(pb.rows) r
              WHERE pb.connection_id = cl.connection_id AND r ->> 'listing_id' = cl.id::text
        ) AS pushing_qty
      FROM channel_listings cl
      WHERE cl.connection_id = ${connectionId}
        AND cl.external_inventory_item_id = ANY(${itemIds}::text[])`.execute(this.db);
    return rows;
  }

  /**
   * Listings of a connection named by external variant id or, failing that, by our SKU (a function:
   * migration 0015 says why).
   */
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
      SELECT id, variant_id, external_variant_id, sku
      FROM connection_listings_by_ref(${connectionId}::uuid, ${ids}::text[], ${skus}::text[])`.execute(
      this.db,
    );
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

  /**
   * The channel confirmed `quantity` (as of `channelAt`, its own time, when known), read for the
   * check requests up to `checkSeq` (the listing's check_seq when it was chosen for the read):
   * those are answered, later ones stay pending.
   */
  async recordObserved(
    listingId: string,
    quantity: number,
    now: Date,
    checkSeq: string,
    channelAt: Date | null,
    usedReason: string | null = null,
  ): Promise<void> {
    await sql`
      UPDATE channel_listings
      SET channel_version = channel_version
            + CASE WHEN channel_qty IS DISTINCT FROM ${quantity} THEN 1 ELSE 0 END,
          channel_qty = ${quantity}, channel_at = ${channelAt}, confirmed_at = ${now}, last_seen_qty = ${quantity},
          last_seen_at = ${now}, ${answered(checkSeq, usedReason)},
          drift_qty = NULL, drift_seen_at = NULL, updated_at = ${now}
      WHERE id = ${listingId}`.execute(this.db);
  }

  /** A difference not yet trusted (channels without compare-and-set; see the ADR). */
  async recordDrift(
    listingId: string,
    quantity: number,
    now: Date,
    checkSeq: string,
  ): Promise<void> {
    await sql`
      UPDATE channel_listings
      SET drift_qty = ${quantity}, drift_seen_at = ${now}, ${answered(checkSeq)}
      WHERE id = ${listingId}`.execute(this.db);
  }

  /** The check requests up to `checkSeq` are answered (e.g. the listing is gone from the channel). */
  async clearCheck(listingId: string, checkSeq: string): Promise<void> {
    await sql`UPDATE channel_listings SET ${answered(checkSeq)} WHERE id = ${listingId}`.execute(
      this.db,
    );
  }

  /**
   * The channel accepted our pushes: each listing holds its `quantity` now, since `at` (the
   * channel's time of the change, when it told).
   */
  async recordPushed(
    pushed: ReadonlyArray<{ listingId: string; quantity: number; seq: string; at: Date | null }>,
    now: Date,
  ): Promise<void> {
    if (pushed.length === 0) return;
    await sql`
      UPDATE channel_listings cl
      SET channel_version = cl.channel_version
            + CASE WHEN cl.channel_qty IS DISTINCT FROM p.quantity THEN 1 ELSE 0 END,
          channel_qty = p.quantity, channel_at = p.at, confirmed_at = ${now}, last_pushed_qty = p.quantity,
          last_pushed_at = ${now}, push_error = NULL,
          push_pending = (cl.push_seq <> p.seq), updated_at = ${now}
      FROM unnest(${pushed.map((p) => p.listingId)}::uuid[],
                  ${pushed.map((p) => p.quantity)}::int[],
                  ${pushed.map((p) => p.seq)}::bigint[],
                  ${pushed.map((p) => p.at)}::timestamptz[]) AS p (id, quantity, seq, at)
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
   * What a new sync webhook asks for, in one statement (run in the transaction that records the
   * event): its listings flagged for a re-read, with the quantity a stock event reported, and the
   * order it named queued for these connections' orders jobs.
   */
  async recordWebhookRequests(
    checks: { listings: CheckRequest[]; reason: string | null },
    orders: { orderId: string; connectionIds: string[] } | null,
    now: Date,
  ): Promise<void> {
    // A report is kept if it is the newest by the channel's time; two of the same second that
    // disagree leave none (which came last cannot be told), until a newer one (ADR 0027).
    await sql`
      WITH flagged AS (
        UPDATE channel_listings cl
        SET check_pending = true, check_seq = cl.check_seq + 1,
            check_reason = coalesce(${checks.reason}, cl.check_reason),
            reported_qty = CASE
              WHEN r.at IS NULL THEN cl.reported_qty
              WHEN cl.reported_at IS NULL OR r.at > cl.reported_at THEN r.qty
              WHEN r.at = cl.reported_at AND r.qty IS DISTINCT FROM cl.reported_qty THEN NULL
              ELSE cl.reported_qty END,
            reported_at = CASE
              WHEN cl.reported_at IS NULL OR r.at > cl.reported_at THEN coalesce(r.at, cl.reported_at)
              ELSE cl.reported_at END
        FROM unnest(${checks.listings.map((l) => l.listingId)}::uuid[],
                    ${checks.listings.map((l) => l.report?.quantity ?? null)}::int[],
                    ${checks.listings.map((l) => l.report?.at ?? null)}::timestamptz[])
          AS r (id, qty, at)
        WHERE cl.id = r.id
      )
      INSERT INTO pending_channel_orders (connection_id, order_id, received_at)
      SELECT c.id, ${orders?.orderId ?? ''}, ${now}
      FROM unnest(${orders?.connectionIds ?? []}::uuid[]) AS c (id)
      ON CONFLICT DO NOTHING`.execute(this.db);
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
