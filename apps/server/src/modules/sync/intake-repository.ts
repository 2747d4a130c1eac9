import { sql } from 'kysely';
import type { Db } from '../../db/client';

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
  /** Units of the listing a new Shopify order sold (WebhookPlan newOrder). */
  sold?: number;
}

/** A sync webhook's reads (the listings it is about) and writes (check requests, orders to fetch). */
export class IntakeRepository {
  constructor(private readonly db: Db) {}

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

  /**
   * What a new sync webhook asks for, in one statement (run in the transaction that records the
   * event): its listings flagged for a re-read, with the quantity a stock event reported, the
   * order it named queued for these connections' orders jobs, and that order's own name (Shopify
   * "#1003") for the connections whose listings it flagged. A new Shopify order's units are kept
   * for each listing whose alignment read may count them (sync_alignment_counts, judged on the
   * listing's row as this statement updates it, so after or before sync-on and that read, never
   * between), and the listing's check says so (alignment-orders.ts).
   */
  async recordWebhookRequests(
    checks: {
      listings: CheckRequest[];
      orderId: string | null;
      orderName?: string | null;
      newOrder?: { createdAt: Date; locationId: string | null } | null;
      connectionIds?: string[];
    },
    orders: { orderId: string; connectionIds: string[] } | null,
    now: Date,
  ): Promise<void> {
    if (checks.listings.length === 0 && (orders?.connectionIds.length ?? 0) === 0) return;
    const named = checks.orderId && checks.orderName ? (checks.connectionIds ?? []) : [];
    const created = checks.newOrder?.createdAt ?? null;
    // Sold here: the order took the stock at the listing's location, or did not say where.
    const soldHere = sql`r.sold > 0 AND (${checks.newOrder?.locationId ?? null}::text IS NULL
      OR cl.external_location_id IS NULL OR cl.external_location_id = ${checks.newOrder?.locationId ?? null}::text)
      AND sync_alignment_counts(cl.align_started_at, cl.align_read_at, cl.channel_qty IS NULL,
                                ${created}::timestamptz)`;
    // A report (a Shopify listing's seen quantity, ADR 0047) is kept if it is the newest by the
    // channel's time; two of the same second that disagree leave none (which came last cannot be
    // told), until a newer one (ADR 0027).
    await sql`
      WITH flagged AS (
        UPDATE channel_listings cl
        SET check_pending = true, check_seq = cl.check_seq + 1,
            check_order_id = coalesce(${checks.orderId}::text, cl.check_order_id),
            seen_qty = CASE
              WHEN r.at IS NULL THEN cl.seen_qty
              WHEN cl.seen_at IS NULL OR r.at > cl.seen_at THEN r.qty
              WHEN r.at = cl.seen_at AND r.qty IS DISTINCT FROM cl.seen_qty THEN NULL
              ELSE cl.seen_qty END,
            seen_at = CASE
              WHEN cl.seen_at IS NULL OR r.at > cl.seen_at THEN coalesce(r.at, cl.seen_at)
              ELSE cl.seen_at END,
            check_alignment_orders = cl.check_alignment_orders OR ${soldHere}
        FROM unnest(${checks.listings.map((l) => l.listingId)}::uuid[],
                    ${checks.listings.map((l) => l.report?.quantity ?? null)}::int[],
                    ${checks.listings.map((l) => l.report?.at ?? null)}::timestamptz[],
                    ${checks.listings.map((l) => l.sold ?? 0)}::int[])
          AS r (id, qty, at, sold)
        WHERE cl.id = r.id
        RETURNING cl.id, cl.check_seq, r.sold, ${soldHere} AS kept
      ), kept AS (
        INSERT INTO alignment_orders (listing_id, order_id, quantity, created_at, check_seq)
        SELECT id, ${checks.orderId ?? ''}, sold, ${created}, check_seq FROM flagged WHERE kept
        ON CONFLICT DO NOTHING
      ), named AS (
        INSERT INTO channel_order_names (connection_id, order_id, name)
        SELECT c.id, ${checks.orderId ?? ''}, ${checks.orderName ?? ''}
        FROM unnest(${named}::uuid[]) AS c (id)
        ON CONFLICT DO NOTHING
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
}
