import { sql } from 'kysely';
import type { Db } from '../../db/client';

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
   * check requests up to `checkSeq` (the listing's check_seq when it was chosen for the read):
   * those are answered, later ones stay pending.
   */
  async recordObserved(
    listingId: string,
    quantity: number,
    now: Date,
    checkSeq: string,
    channelAt: Date | null,
    usedReason: CheckReason = NO_REASON,
  ): Promise<void> {
    await sql`
      UPDATE channel_listings
      SET channel_version = channel_version
            + CASE WHEN channel_qty IS DISTINCT FROM ${quantity} THEN 1 ELSE 0 END,
          channel_qty = ${quantity}, channel_at = ${channelAt}, confirmed_at = ${now},
          ${answered(checkSeq, usedReason)},
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
}
