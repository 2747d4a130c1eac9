import type { LedgerCause } from '@stocksync/contract';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { ActivityService } from '../activity/service';
import { SyncRepository, type LockedVariant } from './repository';
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
  sold?: { listingId: string; quantity: number; since: Date };
  /** Channel-reported changes count only for products whose sync is on. */
  onlyIfSynced?: boolean;
  /** The variant as the caller read it under its row lock, in this transaction (saves a read). */
  locked?: LockedVariant;
}

export interface MasterChangeResult {
  applied: boolean;
  variant: LockedVariant | null;
  before: number;
  after: number;
}

/**
 * The one way a master quantity changes: under the variant's row lock, an append-only ledger entry
 * with a unique idempotency key, the new quantity, an activity entry and a push request for every
 * listing of the variant, all in the caller's transaction. The affected connections' sync jobs are
 * added to `wakeups`, which the caller flushes once the transaction has committed.
 */
export class MasterQuantities {
  constructor(
    private readonly clock: Clock,
    private readonly activity: ActivityService,
  ) {}

  async apply(trx: Db, input: MasterChange, wakeups: Wakeups): Promise<MasterChangeResult> {
    const repo = new SyncRepository(trx);
    const variant =
      input.locked?.id === input.variantId
        ? input.locked
        : await repo.lockVariant(input.variantId, input.organizationId);
    if (!variant) return { applied: false, variant: null, before: 0, after: 0 };
    const before = variant.available_qty;
    if (input.onlyIfSynced && !variant.is_synced)
      return { applied: false, variant, before, after: before };
    const after = 'set' in input.change ? input.change.set : before + input.change.delta;
    const delta = after - before;
    const now = this.clock.now();
    const inserted = await repo.insertLedger({
      organizationId: variant.organization_id,
      variantId: variant.id,
      delta,
      before,
      cause: input.cause,
      connectionId: input.connectionId ?? null,
      reference: input.reference ?? null,
      userId: input.userId ?? null,
      key: input.key,
      now,
    });
    if (!inserted) return { applied: false, variant, before, after: before };
    if (delta !== 0) await repo.setMaster(variant.id, after, now);
    const connections = variant.is_synced ? await repo.requestPushes([variant.id], input.sold) : [];
    const sku = variant.sku ? ` (SKU ${variant.sku})` : '';
    await this.activity.record(
      {
        organizationId: variant.organization_id,
        userId: input.userId ?? null,
        activity: 'Stock changed',
        note: `'${variant.product_title}' / '${variant.title}'${sku}: ${before} → ${after} (${delta >= 0 ? '+' : ''}${delta}), ${input.source}`,
        status: 'info',
      },
      trx,
    );
    wakeups.addAll('sync_connection', connections);
    return { applied: true, variant, before, after };
  }
}
