import { sql } from 'kysely';
import type { Db } from '../../db/client';
import type { SeenKind } from './listing-refs';
import type { SyncListing } from './listings-repository';

/**
 * Why a listing is re-read, when something says: the order an order webhook named (the change the
 * read finds is that order's), or a stock check's second look at a difference.
 */
export interface CheckReason {
  orderId: string | null;
  reconcile: boolean;
}

export const NO_REASON: CheckReason = { orderId: null, reconcile: false };

/**
 * Clears the check request (and its reason) only if none was made since `checkSeq`. A reason the
 * answer used (the order a change it applied was named after) is cleared either way: a webhook
 * without one arriving meanwhile must not leave it to name the next change too.
 */
const answered = (checkSeq: string, used: CheckReason = NO_REASON) => sql`
  check_pending = check_pending AND check_seq <> ${checkSeq}::bigint,
  check_order_id = CASE WHEN check_seq = ${checkSeq}::bigint OR check_order_id = ${used.orderId}::text
    THEN NULL ELSE check_order_id END,
  check_reconcile = check_reconcile AND check_seq <> ${checkSeq}::bigint AND NOT ${used.reconcile}::boolean`;

/**
 * A listing as it was chosen for a read: the check requests the read answers (up to `check_seq`)
 * and what we knew the channel held, which the read is compared with.
 */
export type ChosenListing = Pick<
  SyncListing,
  'id' | 'variant_id' | 'check_seq' | 'channel_qty' | 'channel_version' | 'channel_at'
>;

/**
 * The listing is as it was chosen: what we knew it held (quantity, version, the channel's time of
 * it) is unchanged and it still links the same variant, whose row is locked first (the sub-select
 * runs before the listing's row is locked: stock_apply_change takes the variant first too, so the
 * two cannot deadlock). A read is recorded only against the state it was compared with, so a check
 * reads the listing once, when choosing it, instead of again under lock (docs/decisions/0047).
 */
const unchangedSince = (chosen: ChosenListing) => sql`id = ${chosen.id}
  AND variant_id = (SELECT id FROM product_variants WHERE id = ${chosen.variant_id} FOR UPDATE)
  AND channel_version = ${chosen.channel_version}::bigint
  AND channel_qty IS NOT DISTINCT FROM ${chosen.channel_qty}::int
  AND channel_at IS NOT DISTINCT FROM ${chosen.channel_at}::timestamptz`;

/** A drift is measured against what we knew the channel held: it goes when that is recorded anew. */
export const droppedDrift = (seen: SeenKind) =>
  seen === 'drift' ? sql`seen_qty = NULL, seen_at = NULL,` : sql``;

/** What a read of a listing records: what the channel holds, a drift not yet trusted, check requests. */
export class ChecksRepository {
  constructor(private readonly db: Db) {}

  /** Asks for a re-read of these listings (a webhook said they changed). */
  async requestChecks(listingIds: string[], reason: CheckReason = NO_REASON): Promise<void> {
    if (listingIds.length === 0) return;
    await sql`
      UPDATE channel_listings
      SET check_pending = true, check_seq = check_seq + 1,
          check_order_id = coalesce(${reason.orderId}::text, check_order_id),
          check_reconcile = check_reconcile OR ${reason.reconcile}::boolean
      WHERE id = ANY(${listingIds}::uuid[])`.execute(this.db);
  }

  /**
   * The channel confirmed `quantity` (as of `channelAt`, its own time, when known), read for the
   * check requests up to the chosen listing's check_seq: those are answered, later ones stay
   * pending. A drift goes with the quantity it was measured against; a report stays (it is used
   * only while newer than channel_at). The first read after sync was turned on keeps the
   * channel's time of what it found (align_read_at: which orders it counted, alignment-orders.ts).
   * False, and nothing written, if the listing changed since it was chosen.
   */
  async recordObserved(
    chosen: ChosenListing,
    quantity: number,
    now: Date,
    channelAt: Date | null,
    seen: SeenKind,
    usedReason: CheckReason = NO_REASON,
  ): Promise<boolean> {
    const result = await sql`
      UPDATE channel_listings
      SET channel_version = channel_version
            + CASE WHEN channel_qty IS DISTINCT FROM ${quantity} THEN 1 ELSE 0 END,
          channel_qty = ${quantity}, channel_at = ${channelAt}, confirmed_at = ${now},
          align_read_at = CASE WHEN channel_qty IS NULL AND align_started_at IS NOT NULL
            THEN ${channelAt}::timestamptz ELSE align_read_at END,
          ${answered(chosen.check_seq, usedReason)}, ${droppedDrift(seen)} updated_at = ${now}
      WHERE ${unchangedSince(chosen)}`.execute(this.db);
    return result.numAffectedRows === 1n;
  }

  /**
   * A difference not yet trusted (channels without compare-and-set; see the ADR), for the check
   * requests up to the chosen listing's check_seq. Nothing written if the listing changed since.
   */
  async recordDrift(chosen: ChosenListing, quantity: number, now: Date): Promise<void> {
    await sql`
      UPDATE channel_listings
      SET seen_qty = ${quantity}, seen_at = ${now}, ${answered(chosen.check_seq)}
      WHERE ${unchangedSince(chosen)}`.execute(this.db);
  }

  /**
   * The channel does not have the listing (any more): the check requests up to `checkSeq` are
   * answered and the listing shows why nothing is pushed to it until the master changes again.
   * The sales waiting for it have failed to reach it (docs/decisions/0060).
   */
  async recordMissing(listingId: string, checkSeq: string, message: string): Promise<void> {
    await sql`
      WITH failed AS (
        UPDATE sync_sale_waits SET failed = true WHERE listing_id = ${listingId} AND NOT failed)
      UPDATE channel_listings
      SET push_error = ${message}, push_pending = false, ${answered(checkSeq)}
      WHERE id = ${listingId}`.execute(this.db);
  }
}
