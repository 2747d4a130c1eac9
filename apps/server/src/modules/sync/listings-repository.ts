import { sql } from 'kysely';
import type { Db } from '../../db/client';

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
  /** Why it is re-read, when something said (checks-repository.ts, CheckReason). */
  check_order_id: string | null;
  check_reconcile: boolean;
  /** Shopify orders its alignment read may have counted wait to be applied (alignment-orders.ts). */
  check_alignment_orders: boolean;
  /** The channel's own time of channel_qty, when known (migration 0014). */
  channel_at: Date | null;
  /** When (our clock) what we knew the listing held was last confirmed (a read or a push). */
  confirmed_at: Date | null;
  /**
   * What the channel was seen to hold that is not applied yet (ADR 0047; listing-refs.ts, SeenKind):
   * a stock webhook's report with the channel's time, or a differing read with ours (a drift).
   */
  seen_qty: number | null;
  seen_at: Date | null;
  sku: string;
  master_qty: number;
  /** What the channel should hold (stock_channel_target: the master, never below zero). */
  target: number;
  is_synced: boolean;
}

/** A listing with its variant and product (LISTING_COLUMNS read from these). */
const LISTINGS = sql`channel_listings cl
  JOIN product_variants pv ON pv.id = cl.variant_id
  JOIN products p ON p.id = pv.product_id`;

const LISTING_COLUMNS = sql`cl.id, cl.organization_id, cl.connection_id, cl.variant_id,
  pv.product_id, cl.external_product_id, cl.external_variant_id, cl.external_inventory_item_id,
  cl.external_location_id, cl.channel_qty, cl.channel_version, cl.push_seq, cl.check_seq,
  cl.check_order_id, cl.check_reconcile, cl.check_alignment_orders,
  cl.channel_at, cl.confirmed_at, cl.seen_qty, cl.seen_at, pv.sku,
  pv.available_qty AS master_qty,
  stock_channel_target(pv.available_qty) AS target, p.is_synced`;

/**
 * Reads of listings for a connection's job: which to read or push. Each is read once per check or
 * push; what a read finds is recorded against the row as read here (ChecksRepository).
 */
export class ListingsRepository {
  constructor(private readonly db: Db) {}

  /**
   * Listings to re-read; a drift seen after `settledBefore` waits for its second look (null: the
   * channel's seen quantities are reports, which never wait).
   */
  async pendingChecks(
    connectionId: string,
    limit: number,
    settledBefore: Date | null,
  ): Promise<SyncListing[]> {
    const { rows } = await sql<SyncListing>`
      SELECT ${LISTING_COLUMNS}
      FROM ${LISTINGS}
      WHERE cl.connection_id = ${connectionId} AND cl.check_pending
        AND (${settledBefore}::timestamptz IS NULL OR cl.seen_at IS NULL
             OR cl.seen_at <= ${settledBefore}::timestamptz)
      LIMIT ${limit}`.execute(this.db);
    return rows;
  }

  /**
   * Listings to push. One whose quantity is unknown and that waits for a read (sync just turned
   * on) waits for it: pushed first, it would be set without compare-and-set, over a sale made
   * since (docs/decisions/0025).
   */
  async pendingPushes(connectionId: string, limit: number): Promise<SyncListing[]> {
    const { rows } = await sql<SyncListing>`
      SELECT ${LISTING_COLUMNS}
      FROM ${LISTINGS}
      WHERE cl.connection_id = ${connectionId} AND cl.push_pending
        AND NOT (cl.check_pending AND cl.channel_qty IS NULL)
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
      FROM ${LISTINGS}
      WHERE cl.connection_id = ${connectionId} AND p.is_synced ${after}
      ORDER BY cl.id
      LIMIT ${limit}`.execute(this.db);
    return rows;
  }

  /** Listings by id, as sync needs them (no locks). */
  async listingsById(ids: string[]): Promise<SyncListing[]> {
    if (ids.length === 0) return [];
    const { rows } = await sql<SyncListing>`
      SELECT ${LISTING_COLUMNS}
      FROM ${LISTINGS}
      WHERE cl.id = ANY(${ids}::uuid[])`.execute(this.db);
    return rows;
  }
}
