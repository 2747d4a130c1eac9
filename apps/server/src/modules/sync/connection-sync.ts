import { createHash } from 'node:crypto';
import {
  AuthError,
  withRetry,
  type ChannelAdapter,
  type ChannelCredentials,
  type RetryOptions,
  type SetInventoryItem,
} from '@stocksync/channels';
import type { LedgerCause } from '@stocksync/contract';
import type { Db } from '../../db/client';
import { PLATFORM_NAMES, type Platform } from '../../db/types';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { ActivityService } from '../activity/service';
import type { ConnectionsService } from '../connections/service';
import {
  laterThan,
  levelFor,
  refOf,
  targetOf,
  usableReport,
  type Observation,
} from './listing-refs';
import type { MasterQuantities } from './master';
import type { OrderIntake } from './orders';
import { SyncRepository, type SyncListing } from './repository';
import { Wakeups } from './wakeups';
import { queueConnectionJob } from './connection-jobs';

export interface ConnectionSyncSettings {
  /** In-job retries of one channel call before the job itself is retried by the queue. */
  retry: RetryOptions;
  /** How long a difference on a channel without compare-and-set must persist to be trusted. */
  driftSettleMs: number;
}

interface Session {
  id: string;
  organizationId: string;
  platform: Platform;
  alias: string;
  /** The account's own switch: reads go on while it is off, pushes wait. */
  syncEnabled: boolean;
  adapter: ChannelAdapter;
  credentials: ChannelCredentials;
}

/** One listing of a push: what is sent, what we believed the channel held, which request it answers. */
interface PushRow {
  listing: SyncListing;
  target: number;
  /** Compare-and-set: the quantity the channel must still hold (null: set unconditionally). */
  compare: number | null;
  seq: string;
}

/** Why a read happened; decides the ledger cause of a difference it finds. */
type ReadMode = 'webhook' | 'conflict' | 'reconcile';

const CHECK_BATCH = 200;
const PUSH_BATCH = 500;
const MAX_ROUNDS = 50;
const ORDERS_PER_FETCH = 50;
/** Longest wait for a channel's write budget before a push (a refused call would wait too). */
const MAX_BUDGET_WAIT_MS = 1_000;

/** The in-job retries gave up on some listings; the queue retries the job with back-off. */
export class PushRetryLater extends Error {}

/**
 * One connection's sync work, run by its job (one queue per connection, so reads and pushes of a
 * listing never overlap): re-read listings a webhook flagged, then push master quantities to
 * listings that differ, batched, with compare-and-set where the channel has it.
 * docs/decisions/0025-stock-sync.md explains the rules.
 */
export class ConnectionSync {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly connections: ConnectionsService,
    private readonly master: MasterQuantities,
    private readonly orders: OrderIntake,
    private readonly activity: ActivityService,
    private readonly settings: ConnectionSyncSettings,
  ) {}

  /** Checks and pushes until nothing is left (or a round limit, then queues itself again). */
  async run(connectionId: string): Promise<void> {
    const session = await this.session(connectionId);
    if (!session) return;
    const repo = new SyncRepository(this.db);
    try {
      await this.replayUnfinished(session);
      for (let round = 0; round < MAX_ROUNDS; round++) {
        const settledBefore = new Date(this.clock.now().getTime() - this.settings.driftSettleMs);
        const checks = await repo.pendingChecks(connectionId, CHECK_BATCH, settledBefore);
        if (checks.length > 0) {
          // On a channel without compare-and-set a difference may be an order not applied yet:
          // apply those first (the orders job may be on them too; each applies once).
          if (!session.adapter.capabilities.compareAndSet) await this.fetchPendingOrders(session);
          await this.check(session, checks, 'webhook');
        }
        const pushes = session.syncEnabled ? await this.pendingPushes(session) : [];
        if (pushes.length > 0) await this.push(session, pushes);
        if (checks.length === 0 && pushes.length === 0) return;
      }
    } catch (error) {
      if (await this.handledAuthFailure(session, error)) return;
      throw error;
    }
    // Still busy after many rounds: continue in a new job so other work gets the worker too.
    await queueConnectionJob(this.db, 'sync_connection', connectionId);
  }

  /**
   * Fetches the orders webhooks named until none is left (or a round limit, then queues itself
   * again). Its own queue: applying an order only changes the master and the sold listing's known
   * quantity under their row locks, so it need not wait for the connection's pushes.
   */
  async runOrders(connectionId: string): Promise<void> {
    const session = await this.session(connectionId);
    if (!session) return;
    try {
      for (let round = 0; round < MAX_ROUNDS; round++)
        if ((await this.fetchPendingOrders(session)) === 0) return;
    } catch (error) {
      if (await this.handledAuthFailure(session, error)) return;
      throw error;
    }
    await queueConnectionJob(this.db, 'sync_orders', connectionId);
  }

  /** Reads every synced listing and repairs differences (periodic and on demand). */
  async reconcile(
    connectionId: string,
    requested = false,
  ): Promise<{ listings: number; changed: number } | null> {
    const session = await this.session(connectionId);
    if (!session) return null;
    const repo = new SyncRepository(this.db);
    let after: string | null = null;
    let listings = 0;
    let changed = 0;
    try {
      for (;;) {
        const page = await repo.syncedListings(connectionId, after, CHECK_BATCH);
        if (page.length === 0) break;
        after = page[page.length - 1]!.id;
        listings += page.length;
        changed += await this.check(session, page, 'reconcile');
      }
    } catch (error) {
      if (await this.handledAuthFailure(session, error)) return null;
      throw error;
    }
    await repo.setReconciledAt(connectionId, this.clock.now());
    // Differences found are applied and pushed by the connection's normal job.
    await queueConnectionJob(this.db, 'sync_connection', connectionId);
    // The periodic check reports only what it changed; one a seller asked for always reports.
    if (!requested && changed === 0) return { listings, changed };
    await this.activity.record({
      organizationId: session.organizationId,
      userId: null,
      activity: `Stock check on ${PLATFORM_NAMES[session.platform]} ${session.alias}`,
      note: `${listings} listings compared with the channel; ${changed} differences applied`,
      status: 'success',
    });
    return { listings, changed };
  }

  private async session(connectionId: string): Promise<Session | null> {
    let found;
    try {
      found = await this.connections.withCredentials(connectionId);
    } catch (error) {
      // Not active (or a refresh failed and marked it needs_reauth), or deleted.
      if (error instanceof AuthError || (error instanceof AppError && error.statusCode === 404))
        return null;
      throw error;
    }
    const { row, credentials } = found;
    return {
      id: row.id,
      organizationId: row.organization_id,
      platform: row.platform,
      alias: row.alias,
      syncEnabled: row.sync_enabled,
      adapter: this.connections.channels[row.platform].adapter,
      credentials,
    };
  }

  /**
   * The next batch of pushes. When the channel's write budget is spent (Shopify's cost bucket),
   * waits for it first and chooses again: pushes requested meanwhile go in the same call, instead
   * of a call that the channel refuses and the pushes behind it waiting another round.
   */
  private async pendingPushes(session: Session): Promise<SyncListing[]> {
    const repo = new SyncRepository(this.db);
    const pushes = await repo.pendingPushes(session.id, PUSH_BATCH);
    const wait = Math.min(
      MAX_BUDGET_WAIT_MS,
      session.adapter.msUntilWriteBudget?.(session.credentials) ?? 0,
    );
    if (pushes.length === 0 || wait <= 0) return pushes;
    await new Promise((resolve) => setTimeout(resolve, wait));
    return repo.pendingPushes(session.id, PUSH_BATCH);
  }

  /** Orders webhooks named (TikTok), fetched up to 50 per call and applied; answers how many. */
  private async fetchPendingOrders(session: Session): Promise<number> {
    const { adapter } = session;
    if (!adapter.getOrders) return 0;
    const repo = new SyncRepository(this.db);
    const ids = await repo.pendingOrders(session.id, ORDERS_PER_FETCH);
    if (ids.length === 0) return 0;
    const orders = await this.call(() => adapter.getOrders!(session.credentials, ids));
    const connection = {
      id: session.id,
      organization_id: session.organizationId,
      platform: session.platform,
      alias: session.alias,
    };
    await this.orders.applyAll(connection, orders);
    // Applied (once each, by key) or unknown to the channel: either way nothing is left to do.
    await repo.removePendingOrders(session.id, ids);
    return ids.length;
  }

  private async handledAuthFailure(session: Session, error: unknown): Promise<boolean> {
    if (!(error instanceof AuthError)) return false;
    await this.connections.markNeedsReauth(session.id, error.message);
    return true;
  }

  private call<T>(fn: () => Promise<T>): Promise<T> {
    return withRetry(fn, this.settings.retry);
  }

  /** Listings without a location get the channel's default (where pushes write). */
  private async withLocations(session: Session, listings: SyncListing[]): Promise<void> {
    const { adapter } = session;
    if (!adapter.defaultLocation || listings.every((l) => l.external_location_id)) return;
    const location = await this.call(() => adapter.defaultLocation!(session.credentials));
    await new SyncRepository(this.db).setLocation(session.id, location);
    for (const listing of listings) listing.external_location_id ??= location;
  }

  /**
   * Wakes the jobs of the other connections that now have work. This connection's own pushes are
   * taken by the caller's next round (run, or the job reconcile queues), not by another job.
   */
  private async wakeOthers(session: Session, wakeups: Wakeups): Promise<void> {
    wakeups.drop('sync_connection', session.id);
    await wakeups.flush(this.db);
  }

  /**
   * Reads the listings from the channel and applies what changed there; answers how many did. A
   * webhook's report newer than what we know stands in for the read (not for reconciliation).
   */
  private async check(session: Session, listings: SyncListing[], mode: ReadMode): Promise<number> {
    const reports = new Map<string, Observation & { at: Date }>();
    for (const listing of listings) {
      const report = mode === 'webhook' ? usableReport(listing) : null;
      if (report) reports.set(listing.id, report);
    }
    const toRead = listings.filter((listing) => !reports.has(listing.id));
    await this.withLocations(session, toRead);
    const levels =
      toRead.length === 0
        ? []
        : await this.call(() =>
            session.adapter.readInventory(session.credentials, toRead.map(refOf)),
          );
    let changed = 0;
    const wakeups = new Wakeups();
    try {
      for (const listing of listings) {
        const report = reports.get(listing.id);
        const level = report ? undefined : levelFor(listing, levels);
        const applied = await this.db.transaction().execute(async (trx) => {
          const repo = new SyncRepository(trx);
          const variantExists = await repo.lockVariant(listing.variant_id);
          const current = await repo.lockListing(listing.id);
          if (!current || !variantExists) return false;
          if (report) {
            // What we know moved on since the listing was chosen: the next round decides again.
            if (!laterThan(report.at, current.channel_at)) return false;
            return this.observe(trx, session, current, listing, report, mode, wakeups);
          }
          if (!level) {
            await repo.recordPushError(current.id, current.push_seq, 'Not found on the channel');
            await repo.clearCheck(current.id, listing.check_seq);
            return false;
          }
          const at = level.updatedAt ? new Date(level.updatedAt) : null;
          return this.observe(
            trx,
            session,
            current,
            listing,
            { available: level.available, at },
            mode,
            wakeups,
          );
        });
        if (applied) changed++;
        // Each change starts on its way to the other channels as soon as it has committed, not
        // after the whole batch (a wake-up is one statement, skipped while a job is waiting).
        await this.wakeOthers(session, wakeups);
      }
    } finally {
      // Also after a failure: what committed before it must reach the other channels.
      await this.wakeOthers(session, wakeups);
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
  private async observe(
    trx: Db,
    session: Session,
    listing: SyncListing,
    seen: Pick<SyncListing, 'check_seq' | 'check_reason'>,
    observation: Observation,
    mode: ReadMode,
    wakeups: Wakeups,
  ): Promise<boolean> {
    const repo = new SyncRepository(trx);
    const now = this.clock.now();
    const { available: actual, at } = observation;
    const known = listing.channel_qty;
    if (known === null || actual === known || !listing.is_synced) {
      await repo.recordObserved(listing.id, actual, now, seen.check_seq, at);
      if (listing.is_synced && actual !== targetOf(listing))
        wakeups.addAll('sync_connection', await repo.requestPushes([listing.variant_id]));
      return false;
    }
    const trusted =
      session.adapter.capabilities.compareAndSet ||
      (listing.drift_qty === actual &&
        listing.drift_seen_at !== null &&
        now.getTime() - listing.drift_seen_at.getTime() >= this.settings.driftSettleMs);
    if (!trusted) {
      if (listing.drift_qty !== actual)
        await repo.recordDrift(listing.id, actual, now, seen.check_seq);
      // Look again once it has settled (pendingChecks skips it until then).
      await repo.requestChecks([listing.id], mode === 'reconcile' ? 'reconcile' : null);
      await queueConnectionJob(trx, 'sync_connection', session.id, {
        delayMs: this.settings.driftSettleMs,
      });
      return false;
    }
    const { cause, reference, source } = this.describe(session, seen.check_reason, mode);
    // The change is named after the seen reason: it is used up, even if a check came since.
    await repo.recordObserved(listing.id, actual, now, seen.check_seq, at, seen.check_reason);
    const result = await this.master.apply(
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

  private describe(
    session: Session,
    checkReason: string | null,
    mode: ReadMode,
  ): { cause: LedgerCause; reference: string | null; source: string } {
    const where = `${PLATFORM_NAMES[session.platform]} '${session.alias}'`;
    const order = checkReason?.startsWith('order:') ? checkReason.slice('order:'.length) : null;
    if (order) return { cause: 'order', reference: order, source: `order ${order} on ${where}` };
    if (mode === 'reconcile' || checkReason === 'reconcile')
      return {
        cause: 'reconciliation',
        reference: null,
        source: `stock check found a change on ${where}`,
      };
    return { cause: 'channel_edit', reference: null, source: `changed on ${where}` };
  }

  /** Pushes master quantities to listings that differ, in one batched call. */
  private async push(session: Session, listings: SyncListing[]): Promise<void> {
    await this.withLocations(session, listings);
    const cas = session.adapter.capabilities.compareAndSet;
    const rows: PushRow[] = [];
    const unchanged: Array<{ listingId: string; seq: string }> = [];
    for (const listing of listings) {
      const target = targetOf(listing);
      if (!listing.is_synced || listing.channel_qty === target) {
        unchanged.push({ listingId: listing.id, seq: listing.push_seq });
        continue;
      }
      rows.push({
        listing,
        target,
        compare: cas ? listing.channel_qty : null,
        seq: listing.push_seq,
      });
    }
    await new SyncRepository(this.db).clearPushes(unchanged);
    if (rows.length === 0) return;
    // The same key for the in-job retries of this exact batch: a retry after a lost answer is
    // recognised by the channel instead of conflicting with our own first write.
    const idempotencyKey = createHash('sha256')
      .update(rows.map((r) => `${r.listing.id}:${r.seq}:${r.target}`).join(','))
      .digest('base64url');
    await this.send(session, rows, idempotencyKey);
  }

  /**
   * Sends compare-and-set batches that a job which died (or whose process was killed) sent but did
   * not record, again with their key: the channel answers as it did the first time, so our own
   * landed write is not mistaken for a change made on the channel.
   */
  private async replayUnfinished(session: Session): Promise<void> {
    if (!session.adapter.capabilities.compareAndSet) return;
    const repo = new SyncRepository(this.db);
    for (const batch of await repo.unfinishedPushBatches(session.id)) {
      const listings = await repo.listingsById(batch.rows.map((r) => r.listing_id));
      const rows = batch.rows.flatMap((r): PushRow[] => {
        const listing = listings.find((l) => l.id === r.listing_id);
        return listing ? [{ listing, target: r.quantity, compare: r.compare, seq: r.seq }] : [];
      });
      // A listing deleted since: the rest would not be the same request, and is pushed anew.
      if (rows.length === batch.rows.length) await this.send(session, rows, batch.key);
      else await repo.finishPushBatch(batch.key);
    }
  }

  /** One batched call and what its answers mean for each listing. */
  private async send(session: Session, rows: PushRow[], idempotencyKey: string): Promise<void> {
    const repo = new SyncRepository(this.db);
    const journal = session.adapter.capabilities.compareAndSet;
    if (journal)
      await repo.startPushBatch(
        idempotencyKey,
        session.id,
        rows.map((r) => ({
          listing_id: r.listing.id,
          quantity: r.target,
          compare: r.compare,
          seq: r.seq,
        })),
      );
    const items: SetInventoryItem[] = rows.map((r) => ({
      ref: refOf(r.listing),
      quantity: r.target,
      ...(r.compare !== null ? { compareQuantity: r.compare } : {}),
    }));
    const results = await this.call(() =>
      session.adapter.setInventory(session.credentials, items, {
        idempotencyKey,
        reason: 'correction',
        referenceDocumentUri: `gid://stocksync/StockSync/${session.id}`,
      }),
    );
    let retryLater: string | null = null;
    await repo.recordPushed(
      results.flatMap((result, index) => {
        const { listing, target, seq } = rows[index]!;
        if (result.status !== 'ok') return [];
        const at = result.at ? new Date(result.at) : null;
        return [{ listingId: listing.id, quantity: target, seq, at }];
      }),
      this.clock.now(),
    );
    const wakeups = new Wakeups();
    try {
      for (const [index, result] of results.entries()) {
        const { listing, seq } = rows[index]!;
        if (result.status === 'ok') continue;
        if (result.status === 'conflict') {
          // Someone changed the channel since we last knew it: apply that, then push again.
          await this.db.transaction().execute(async (trx) => {
            const locked = new SyncRepository(trx);
            const variantExists = await locked.lockVariant(listing.variant_id);
            const current = await locked.lockListing(listing.id);
            if (!current || !variantExists) return;
            if (result.actual === null) await locked.requestChecks([current.id], null);
            // The conflict's read came after the push rows were chosen: it answers the checks
            // requested before then.
            else
              await this.observe(
                trx,
                session,
                current,
                listing,
                {
                  available: result.actual,
                  at: result.actualAt ? new Date(result.actualAt) : null,
                },
                'conflict',
                wakeups,
              );
          });
        } else if (result.retryable) {
          retryLater = result.message;
        } else {
          await repo.recordPushError(listing.id, seq, result.message);
          await this.activity.record({
            organizationId: session.organizationId,
            userId: null,
            activity: `Stock push to ${PLATFORM_NAMES[session.platform]} ${session.alias} failed`,
            note: `SKU ${listing.sku || '(none)'}: ${result.message}`,
            status: 'error',
          });
        }
      }
    } finally {
      await this.wakeOthers(session, wakeups);
    }
    if (journal) await repo.finishPushBatch(idempotencyKey);
    if (retryLater !== null)
      throw new PushRetryLater(`Some listings could not be pushed now: ${retryLater}`);
  }
}
