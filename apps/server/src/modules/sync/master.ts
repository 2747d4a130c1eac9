import type { LedgerCause, Variant } from '@stocksync/contract';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { StockRepository, type SoldListing, type UnitPrice } from './stock-repository';
import type { Wakeups } from './wakeups';

export interface MasterChange {
  organizationId?: string;
  variantId: string;
  /** A relative change (sales, channel edits) or an absolute one (a seller's edit). */
  change: { delta: number } | { set: number };
  cause: LedgerCause;
  connectionId?: string | null;
  reference?: string | null;
  userId?: string | null;
  /** Unique per organisation: the same key is applied once, whoever sees it and how often. */
  key: string;
  /** Human description of where it came from, for the activity log (e.g. "order 123 on eBay 'main'"). */
  source: string;
  /** A listing on a channel without compare-and-set that sold by itself (see requestPushes). */
  sold?: SoldListing;
  /** Channel-reported changes count only for products whose sync is on. */
  onlyIfSynced?: boolean;
  /** An order line's price per unit, as the channel reported it. */
  unitPrice?: UnitPrice;
  /** Answer the variant after the change (a seller's edit shows it) from the same statement. */
  answerVariant?: boolean;
}

export interface MasterChangeResult {
  /** The variant exists (in the given organisation). */
  found: boolean;
  applied: boolean;
  before: number;
  after: number;
  /** With `answerVariant`, when found: the variant after the change. */
  variant?: Variant;
}

/**
 * The one way a master quantity changes: under the variant's row lock, an append-only ledger entry
 * with a unique idempotency key, the new quantity, an activity entry and a push request for every
 * listing of the variant, in one statement (stock_apply_change, migration 0012), in the caller's
 * transaction or on its own. The affected connections' sync jobs are added to `wakeups`, which the
 * caller flushes once the change has committed.
 */
export class MasterQuantities {
  constructor(private readonly clock: Clock) {}

  async apply(db: Db, input: MasterChange, wakeups: Wakeups): Promise<MasterChangeResult> {
    const result = await new StockRepository(db).applyStockChange({
      variantId: input.variantId,
      organizationId: input.organizationId ?? null,
      change: input.change,
      cause: input.cause,
      connectionId: input.connectionId ?? null,
      reference: input.reference ?? null,
      userId: input.userId ?? null,
      key: input.key,
      source: input.source,
      sold: input.sold ?? null,
      onlyIfSynced: input.onlyIfSynced ?? false,
      now: this.clock.now(),
      unitPrice: input.unitPrice ?? null,
      answerVariant: input.answerVariant ?? false,
    });
    wakeups.addAll('sync_connection', result.connectionIds);
    return {
      found: result.variantFound,
      applied: result.applied,
      before: result.before,
      after: result.after,
      ...(result.variant && { variant: result.variant }),
    };
  }
}
