import type { InventoryLevel } from '@stocksync/channels';
import type { LedgerCause } from '@stocksync/contract';
import type { Db } from '../../db/client';
import { PLATFORM_NAMES } from '../../db/types';
import { applyAlignmentOrders } from './alignment-orders';
import { ChecksRepository, type CheckReason } from './checks-repository';
import { queueConnectionJob } from './connection-jobs';
import { EditDecreasesRepository } from './edit-decreases-repository';
import { levelFor, refOf, seenKind, usableReport, type Observation } from './listing-refs';
import type { SyncListing } from './listings-repository';
import { OrderIntakeRepository } from './order-intake-repository';
import { OrderNamesRepository } from './order-names-repository';
import { call, wakeOthers, withLocations, type Session, type SyncContext } from './session';
import { StockRepository } from './stock-repository';
import { Wakeups } from './wakeups';

/** Why a read happened; decides the ledger cause of a difference it finds. */
export type ReadMode = 'webhook' | 'conflict' | 'reconcile';

/**
 * Reads of what channels hold, and what a read means: a difference from what we knew the listing
 * held was made on the channel and is applied to the master once (docs/decisions/0025).
 */
export class ChannelReads {
  constructor(private readonly context: SyncContext) {}

  /**
   * Reads the listings from the channel and applies what changed there; answers how many did. A
   * webhook's report newer than what we know stands in for the read (not for reconciliation).
   */
  async check(session: Session, listings: SyncListing[], mode: ReadMode): Promise<number> {
    const { db } = this.context;
    const reports = new Map<string, Observation & { at: Date }>();
    const withReports = mode === 'webhook' && seenKind(session) === 'report';
    for (const listing of listings) {
      const report = withReports ? usableReport(listing) : null;
      if (report) reports.set(listing.id, report);
    }
    const toRead = listings.filter((listing) => !reports.has(listing.id));
    await withLocations(this.context, session, toRead);
    const levels =
      toRead.length === 0
        ? []
        : await call(this.context, () =>
            session.adapter.readInventory(session.credentials, toRead.map(refOf)),
          );
    let changed = 0;
    const wakeups = new Wakeups();
    try {
      for (const listing of listings) {
        const observation = reports.get(listing.id) ?? observed(levelFor(listing, levels));
        if (!observation) {
          await new ChecksRepository(db).recordMissing(
            listing.id,
            listing.check_seq,
            'Not found on the channel',
          );
          continue;
        }
        const applied = await db
          .transaction()
          .execute((trx) => this.observe(trx, session, listing, observation, mode, wakeups));
        if (applied) changed++;
        // Each change starts on its way to the other channels as soon as it has committed, not
        // after the whole batch (a wake-up is one statement, skipped while a job is waiting).
        await wakeOthers(db, session, wakeups);
      }
    } finally {
      // Also after a failure: what committed before it must reach the other channels.
      await wakeOthers(db, session, wakeups);
    }
    return changed;
  }

  /**
   * The channel holds `observation.available` (since `observation.at`, its own time, when known).
   * A difference from what we knew it held was made on the channel (a sale or an edit) and is
   * applied to the master once (keyed by the listing's version). On a channel without
   * compare-and-set a difference is trusted only once it has persisted, because an order we have
   * not processed yet would explain it too. `listing` is the row as chosen for the read (read once):
   * the read answers the check requests made until then (a webhook that arrived during the read
   * stays pending), and is recorded only if what we knew the listing held is unchanged since, under
   * the variant's and the listing's row locks (ChecksRepository); otherwise it is read again.
   */
  async observe(
    trx: Db,
    session: Session,
    listing: SyncListing,
    observation: Observation,
    mode: ReadMode,
    wakeups: Wakeups,
  ): Promise<boolean> {
    const { clock, settings, master } = this.context;
    const checks = new ChecksRepository(trx);
    const now = clock.now();
    const { available: actual, at } = observation;
    const known = listing.channel_qty;
    const seen = seenKind(session);
    // What we knew changed while the channel was read (a push answer, an order, sync turned on):
    // the read may predate that change, so it is not applied; the next round reads again.
    const readAgain = async () => {
      await checks.requestChecks([listing.id], { orderId: null, reconcile: mode === 'reconcile' });
      return false;
    };
    if (known === null || actual === known || !listing.is_synced) {
      if (!(await checks.recordObserved(listing, actual, now, at, seen))) return readAgain();
      await applyAlignmentOrders(trx, master, session, listing, wakeups);
      // Pushes are asked for by the target as chosen: a master change since then flagged the
      // listing itself, against this same known quantity (or an unknown one).
      if (listing.is_synced && actual !== listing.target)
        wakeups.addAll(
          'sync_connection',
          await new StockRepository(trx).requestPushes([listing.variant_id]),
        );
      return false;
    }
    const settled =
      listing.seen_qty === actual &&
      listing.seen_at !== null &&
      now.getTime() - listing.seen_at.getTime() >= settings.driftSettleMs;
    // A drift is an edit only once it has settled and no order can still explain it: an order
    // applied after it would count the sale a second time.
    const trusted =
      seen === 'report' ||
      (settled &&
        (await new OrderIntakeRepository(trx).caughtUp(
          session.id,
          listing.seen_at!,
          session.adapter.capabilities.orderPolling,
        )));
    if (!trusted) {
      // A new drift, or one whose orders are not all in yet: it settles again from now.
      if (listing.seen_qty !== actual || settled) await checks.recordDrift(listing, actual, now);
      // Look again once it has settled (pendingChecks skips it until then), still as a stock
      // check's look if a stock check found it.
      const reconcile = mode === 'reconcile' || listing.check_reconcile;
      await checks.requestChecks([listing.id], { orderId: null, reconcile });
      await queueConnectionJob(trx, 'sync_connection', session.id, {
        delayMs: settings.driftSettleMs,
      });
      return false;
    }
    const reason = { orderId: listing.check_order_id, reconcile: listing.check_reconcile };
    // The change is named after the reason seen when chosen: it is used up, even if a check came
    // since.
    if (!(await checks.recordObserved(listing, actual, now, at, seen, reason))) return readAgain();
    // An order applied as counted by the alignment read does not name this change too.
    const applied = await applyAlignmentOrders(trx, master, session, listing, wakeups);
    const orderId = reason.orderId && !applied.includes(reason.orderId) ? reason.orderId : null;
    const name = orderId ? await new OrderNamesRepository(trx).nameOf(session.id, orderId) : null;
    const { cause, reference, source } = describe(session, { ...reason, orderId }, mode, name);
    // Only a synced product's master moves (sync may have been turned off since it was chosen).
    const result = await master.apply(
      trx,
      {
        variantId: listing.variant_id,
        change: { delta: actual - known },
        cause,
        connectionId: session.id,
        reference,
        key: `read:${listing.id}:${listing.channel_version}`,
        source,
        onlyIfSynced: true,
      },
      wakeups,
    );
    // A decrease read on a channel without compare-and-set may be a sale whose order is not in
    // yet: kept, so that order is handed the decrease instead of counting the sale again.
    if (result.applied && seen === 'drift' && actual < known && cause !== 'order')
      await new EditDecreasesRepository(trx).remember(
        {
          listingId: listing.id,
          cause,
          quantity: known - actual,
          since: listing.confirmed_at,
          readAt: now,
        },
        new Date(now.getTime() - settings.decreaseClaimMs),
      );
    return result.applied;
  }
}

/** A read's answer as an observation (the channel's time of it, when it said); null: not found. */
function observed(level: InventoryLevel | undefined): Observation | null {
  if (!level) return null;
  return { available: level.available, at: level.updatedAt ? new Date(level.updatedAt) : null };
}

/**
 * The ledger cause, reference and activity source of a change a read found: an order is named as
 * the channel names it (`orderName`, Shopify "#1003"), its id kept as the reference.
 */
function describe(
  session: Session,
  reason: CheckReason,
  mode: ReadMode,
  orderName: string | null,
): {
  cause: Extract<LedgerCause, 'order' | 'channel_edit' | 'reconciliation'>;
  reference: string | null;
  source: string;
} {
  const where = `${PLATFORM_NAMES[session.platform]} '${session.alias}'`;
  const order = reason.orderId;
  if (order)
    return { cause: 'order', reference: order, source: `order ${orderName ?? order} on ${where}` };
  if (mode === 'reconcile' || reason.reconcile)
    return {
      cause: 'reconciliation',
      reference: null,
      source: `stock check found a change on ${where}`,
    };
  return { cause: 'channel_edit', reference: null, source: `changed on ${where}` };
}
