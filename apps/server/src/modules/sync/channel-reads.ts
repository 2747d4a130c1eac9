import type { LedgerCause } from '@stocksync/contract';
import type { Db } from '../../db/client';
import { PLATFORM_NAMES } from '../../db/types';
import { ChecksRepository, type CheckReason } from './checks-repository';
import { queueConnectionJob } from './connection-jobs';
import { laterThan, levelFor, refOf, usableReport, type Observation } from './listing-refs';
import { ListingsRepository, type SyncListing } from './listings-repository';
import { PushesRepository } from './pushes-repository';
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
    for (const listing of listings) {
      const report = mode === 'webhook' ? usableReport(listing) : null;
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
        const report = reports.get(listing.id);
        const level = report ? undefined : levelFor(listing, levels);
        const applied = await db.transaction().execute(async (trx) => {
          const current = await lockedListing(trx, listing);
          if (!current) return false;
          if (report) {
            // What we know moved on since the listing was chosen: the next round decides again.
            if (!laterThan(report.at, current.channel_at)) return false;
            return this.observe(trx, session, current, listing, report, mode, wakeups);
          }
          if (!level) {
            await new PushesRepository(trx).recordPushError(
              current.id,
              current.push_seq,
              'Not found on the channel',
            );
            await new ChecksRepository(trx).clearCheck(current.id, listing.check_seq);
            return false;
          }
          const at = level.updatedAt ? new Date(level.updatedAt) : null;
          const observation = { available: level.available, at };
          return this.observe(trx, session, current, listing, observation, mode, wakeups);
        });
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
   * not processed yet would explain it too. Runs under the variant and listing row locks;
   * `listing` is the row as locked now, `seen` as it was when chosen for the read, which answers
   * the check requests made until then (and only those: a webhook that arrived during the read
   * stays pending).
   */
  async observe(
    trx: Db,
    session: Session,
    listing: SyncListing,
    seen: Pick<SyncListing, 'check_seq' | 'check_order_id' | 'check_reconcile'>,
    observation: Observation,
    mode: ReadMode,
    wakeups: Wakeups,
  ): Promise<boolean> {
    const { clock, settings, master } = this.context;
    const checks = new ChecksRepository(trx);
    const now = clock.now();
    const { available: actual, at } = observation;
    const known = listing.channel_qty;
    if (known === null || actual === known || !listing.is_synced) {
      await checks.recordObserved(listing.id, actual, now, seen.check_seq, at);
      if (listing.is_synced && actual !== listing.target)
        wakeups.addAll(
          'sync_connection',
          await new StockRepository(trx).requestPushes([listing.variant_id]),
        );
      return false;
    }
    const trusted =
      session.adapter.capabilities.compareAndSet ||
      (listing.drift_qty === actual &&
        listing.drift_seen_at !== null &&
        now.getTime() - listing.drift_seen_at.getTime() >= settings.driftSettleMs);
    if (!trusted) {
      if (listing.drift_qty !== actual)
        await checks.recordDrift(listing.id, actual, now, seen.check_seq);
      // Look again once it has settled (pendingChecks skips it until then).
      await checks.requestChecks([listing.id], { orderId: null, reconcile: mode === 'reconcile' });
      await queueConnectionJob(trx, 'sync_connection', session.id, {
        delayMs: settings.driftSettleMs,
      });
      return false;
    }
    const reason = { orderId: seen.check_order_id, reconcile: seen.check_reconcile };
    const { cause, reference, source } = describe(session, reason, mode);
    // The change is named after the seen reason: it is used up, even if a check came since.
    await checks.recordObserved(listing.id, actual, now, seen.check_seq, at, reason);
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
      },
      wakeups,
    );
    return result.applied;
  }
}

/** The listing re-read under its and its variant's row locks; null if either is gone. */
export function lockedListing(trx: Db, listing: SyncListing): Promise<SyncListing | null> {
  return new ListingsRepository(trx).lockListing(listing);
}

/** The ledger cause, reference and activity source of a change a read found. */
function describe(
  session: Session,
  reason: CheckReason,
  mode: ReadMode,
): { cause: LedgerCause; reference: string | null; source: string } {
  const where = `${PLATFORM_NAMES[session.platform]} '${session.alias}'`;
  const order = reason.orderId;
  if (order) return { cause: 'order', reference: order, source: `order ${order} on ${where}` };
  if (mode === 'reconcile' || reason.reconcile)
    return {
      cause: 'reconciliation',
      reference: null,
      source: `stock check found a change on ${where}`,
    };
  return { cause: 'channel_edit', reference: null, source: `changed on ${where}` };
}
