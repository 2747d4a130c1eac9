import { PLATFORM_NAMES } from '../../db/types';
import { ChangesRepository } from './changes-repository';
import { ChannelPushes } from './channel-pushes';
import { ChannelReads } from './channel-reads';
import { queueConnectionJob } from './connection-jobs';
import { IntakeRepository } from './intake-repository';
import { seenKind } from './listing-refs';
import { ListingsRepository } from './listings-repository';
import type { OrderIntake } from './orders';
import { call, handledAuthFailure, openSession, type Session, type SyncContext } from './session';

const CHECK_BATCH = 200;
const MAX_ROUNDS = 50;
const ORDERS_PER_FETCH = 50;

/**
 * One connection's sync work, run by its jobs (one queue per connection, so reads and pushes of a
 * listing never overlap): re-read listings a webhook flagged (channel-reads.ts), then push master
 * quantities to listings that differ (channel-pushes.ts). docs/stock-sync.md walks the path;
 * docs/decisions/0025-stock-sync.md explains the rules.
 */
export class ConnectionSync {
  private readonly reads: ChannelReads;
  private readonly pushes: ChannelPushes;

  constructor(
    private readonly context: SyncContext,
    private readonly orders: OrderIntake,
  ) {
    this.reads = new ChannelReads(context);
    this.pushes = new ChannelPushes(context, this.reads);
  }

  /** Checks and pushes until nothing is left (or a round limit, then queues itself again). */
  async run(connectionId: string): Promise<void> {
    const { db, clock, settings, connections } = this.context;
    const session = await openSession(connections, connectionId);
    if (!session) return;
    const listings = new ListingsRepository(db);
    try {
      await this.pushes.replayUnfinished(session);
      for (let round = 0; round < MAX_ROUNDS; round++) {
        // A drift waits until it has settled for its second look; a report does not wait.
        const settledBefore =
          seenKind(session) === 'drift'
            ? new Date(clock.now().getTime() - settings.driftSettleMs)
            : null;
        const checks = await listings.pendingChecks(connectionId, CHECK_BATCH, settledBefore);
        if (checks.length > 0) {
          // On a channel without compare-and-set a difference may be an order not applied yet:
          // apply those first (the orders job may be on them too; each applies once).
          if (!session.adapter.capabilities.compareAndSet) await this.fetchPendingOrders(session);
          await this.reads.check(session, checks, 'webhook');
        }
        const pushes = session.syncEnabled ? await this.pushes.pending(session) : [];
        if (pushes.length > 0) await this.pushes.push(session, pushes);
        if (checks.length === 0 && pushes.length === 0) return;
      }
    } catch (error) {
      if (await handledAuthFailure(connections, session, error)) return;
      throw error;
    }
    // Still busy after many rounds: continue in a new job so other work gets the worker too.
    await queueConnectionJob(db, 'sync_connection', connectionId);
  }

  /**
   * Fetches the orders webhooks named until none is left (or a round limit, then queues itself
   * again). Its own queue: applying an order only changes the master and the sold listing's known
   * quantity under their row locks, so it need not wait for the connection's pushes.
   */
  async runOrders(connectionId: string): Promise<void> {
    const { db, connections } = this.context;
    const session = await openSession(connections, connectionId);
    if (!session) return;
    try {
      for (let round = 0; round < MAX_ROUNDS; round++)
        if ((await this.fetchPendingOrders(session)) === 0) return;
    } catch (error) {
      if (await handledAuthFailure(connections, session, error)) return;
      throw error;
    }
    await queueConnectionJob(db, 'sync_orders', connectionId);
  }

  /** Reads every synced listing and repairs differences (periodic and on demand). */
  async reconcile(
    connectionId: string,
    requested = false,
  ): Promise<{ listings: number; changed: number } | null> {
    const { db, clock, connections, activity, settings } = this.context;
    const session = await openSession(connections, connectionId);
    if (!session) return null;
    let after: string | null = null;
    let listings = 0;
    let changed = 0;
    try {
      for (;;) {
        const page = await new ListingsRepository(db).syncedListings(
          connectionId,
          after,
          CHECK_BATCH,
        );
        if (page.length === 0) break;
        after = page[page.length - 1]!.id;
        listings += page.length;
        changed += await this.reads.check(session, page, 'reconcile');
      }
    } catch (error) {
      if (await handledAuthFailure(connections, session, error)) return null;
      throw error;
    }
    await connections.setReconciledAt(connectionId, clock.now());
    // Differences found are applied and pushed by the connection's normal job.
    await queueConnectionJob(db, 'sync_connection', connectionId);
    // On eBay and TikTok a difference is applied only if a second look still finds it: the entry
    // says so rather than announce a count the same check then contradicts.
    const confirming =
      seenKind(session) === 'drift'
        ? await new ChangesRepository(db).awaitingSecondLook(connectionId)
        : 0;
    // The periodic check reports only what it changed; one a seller asked for always reports.
    if (!requested && changed === 0 && confirming === 0) return { listings, changed };
    await activity.record({
      organizationId: session.organizationId,
      userId: null,
      activity: `Stock check on ${PLATFORM_NAMES[session.platform]} ${session.alias}`,
      note: reconcileNote(listings, changed, confirming, settings.driftSettleMs),
      status: 'success',
    });
    return { listings, changed };
  }

  /** Orders webhooks named (TikTok, eBay), fetched up to 50 per call and applied; answers how many. */
  private async fetchPendingOrders(session: Session): Promise<number> {
    const { adapter } = session;
    if (!adapter.getOrders) return 0;
    const intake = new IntakeRepository(this.context.db);
    const ids = await intake.pendingOrders(session.id, ORDERS_PER_FETCH);
    if (ids.length === 0) return 0;
    const orders = await call(this.context, () => adapter.getOrders!(session.credentials, ids));
    const connection = {
      id: session.id,
      organization_id: session.organizationId,
      platform: session.platform,
      alias: session.alias,
    };
    await this.orders.applyAll(connection, orders);
    // Applied (once each, by key) or unknown to the channel: either way nothing is left to do.
    await intake.removePendingOrders(session.id, ids);
    return ids.length;
  }
}

/** What a stock check did, for its activity entry. */
export function reconcileNote(
  listings: number,
  applied: number,
  confirming: number,
  settleMs: number,
): string {
  const compared = `${listings} ${listings === 1 ? 'listing' : 'listings'} compared with the channel`;
  const done = `${applied} ${applied === 1 ? 'difference' : 'differences'} applied`;
  if (confirming === 0) return `${compared}; ${done}`;
  const seconds = Math.max(1, Math.round(settleMs / 1000));
  const more = `${confirming} more ${confirming === 1 ? 'difference is' : 'differences are'}`;
  return `${compared}; ${done}; ${more} applied if still there in ${seconds} s`;
}
