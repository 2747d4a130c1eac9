import { createHash } from 'node:crypto';
import type { SetInventoryItem } from '@stocksync/channels';
import { PLATFORM_NAMES } from '../../db/types';
import { ChecksRepository } from './checks-repository';
import type { ChannelReads } from './channel-reads';
import { refOf, seenKind } from './listing-refs';
import { ListingsRepository, type SyncListing } from './listings-repository';
import { PushesRepository } from './pushes-repository';
import { call, wakeOthers, withLocations, type Session, type SyncContext } from './session';
import { Wakeups } from './wakeups';

/** One listing of a push: what is sent, what we believed the channel held, which request it answers. */
interface PushRow {
  listing: SyncListing;
  target: number;
  /** Compare-and-set: the quantity the channel must still hold (null: set unconditionally). */
  compare: number | null;
  seq: string;
}

const PUSH_BATCH = 500;
/** Longest wait for a channel's write budget before a push (a refused call would wait too). */
const MAX_BUDGET_WAIT_MS = 1_000;

/** The in-job retries gave up on some listings; the queue retries the job with back-off. */
export class PushRetryLater extends Error {}

/**
 * Pushes of master quantities to listings that differ, batched, with compare-and-set where the
 * channel has it; a conflict is a read (ChannelReads.observe), then the listing is pushed again.
 */
export class ChannelPushes {
  constructor(
    private readonly context: SyncContext,
    private readonly reads: ChannelReads,
  ) {}

  /**
   * The next batch of pushes. When the channel's write budget is spent (Shopify's cost bucket),
   * waits for it first and chooses again: pushes requested meanwhile go in the same call, instead
   * of a call that the channel refuses and the pushes behind it waiting another round.
   */
  async pending(session: Session): Promise<SyncListing[]> {
    const listings = new ListingsRepository(this.context.db);
    const pushes = await listings.pendingPushes(session.id, PUSH_BATCH);
    const wait = Math.min(
      MAX_BUDGET_WAIT_MS,
      session.adapter.msUntilWriteBudget?.(session.credentials) ?? 0,
    );
    if (pushes.length === 0 || wait <= 0) return pushes;
    await new Promise((resolve) => setTimeout(resolve, wait));
    return listings.pendingPushes(session.id, PUSH_BATCH);
  }

  /** Pushes master quantities to listings that differ, in one batched call. */
  async push(session: Session, listings: SyncListing[]): Promise<void> {
    await withLocations(this.context, session, listings);
    const cas = session.adapter.capabilities.compareAndSet;
    const rows: PushRow[] = [];
    const unchanged: Array<{ listingId: string; seq: string; inStep: boolean }> = [];
    for (const listing of listings) {
      const { target } = listing;
      if (!listing.is_synced || listing.channel_qty === target) {
        const inStep = listing.is_synced;
        unchanged.push({ listingId: listing.id, seq: listing.push_seq, inStep });
        continue;
      }
      rows.push({
        listing,
        target,
        compare: cas ? listing.channel_qty : null,
        seq: listing.push_seq,
      });
    }
    await new PushesRepository(this.context.db).clearPushes(unchanged, this.context.clock.now());
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
  async replayUnfinished(session: Session): Promise<void> {
    if (!session.adapter.capabilities.compareAndSet) return;
    const pushes = new PushesRepository(this.context.db);
    for (const batch of await pushes.unfinishedPushBatches(session.id)) {
      const listings = await new ListingsRepository(this.context.db).listingsById(
        batch.rows.map((r) => r.listing_id),
      );
      const rows = batch.rows.flatMap((r): PushRow[] => {
        const listing = listings.find((l) => l.id === r.listing_id);
        return listing ? [{ listing, target: r.quantity, compare: r.compare, seq: r.seq }] : [];
      });
      // A listing deleted since: the rest would not be the same request, and is pushed anew.
      if (rows.length === batch.rows.length) await this.send(session, rows, batch.key);
      else await pushes.finishPushBatch(batch.key);
    }
  }

  /** One batched call and what its answers mean for each listing. */
  private async send(session: Session, rows: PushRow[], idempotencyKey: string): Promise<void> {
    const { db, clock } = this.context;
    const pushes = new PushesRepository(db);
    const journal = session.adapter.capabilities.compareAndSet;
    if (journal)
      await pushes.startPushBatch(
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
    const results = await call(this.context, () =>
      session.adapter.setInventory(session.credentials, items, {
        idempotencyKey,
        reason: 'correction',
        referenceDocumentUri: `gid://stocksync/StockSync/${session.id}`,
      }),
    );
    let retryLater: string | null = null;
    await pushes.recordPushed(
      results.flatMap((result, index) => {
        const { listing, target, seq } = rows[index]!;
        if (result.status !== 'ok') return [];
        const at = result.at ? new Date(result.at) : null;
        return [{ listingId: listing.id, quantity: target, seq, at }];
      }),
      clock.now(),
      seenKind(session),
    );
    const wakeups = new Wakeups();
    try {
      for (const [index, result] of results.entries()) {
        const { listing, seq } = rows[index]!;
        if (result.status === 'ok') continue;
        if (result.status === 'conflict') {
          // Someone changed the channel since we last knew it: apply that, then push again. The
          // conflict's read came after the push rows were chosen: it answers the checks requested
          // before then.
          if (result.actual === null) await new ChecksRepository(db).requestChecks([listing.id]);
          else {
            const actual = {
              available: result.actual,
              at: result.actualAt ? new Date(result.actualAt) : null,
            };
            await db
              .transaction()
              .execute((trx) =>
                this.reads.observe(trx, session, listing, actual, 'conflict', wakeups),
              );
          }
        } else if (result.retryable) {
          retryLater = result.message;
        } else {
          await pushes.recordPushError(listing.id, seq, result.message);
          await this.context.activity.record({
            organizationId: session.organizationId,
            userId: null,
            activity: `Stock push to ${PLATFORM_NAMES[session.platform]} ${session.alias} failed`,
            note: `SKU ${listing.sku || '(none)'}: ${result.message}`,
            status: 'error',
          });
        }
      }
    } finally {
      await wakeOthers(db, session, wakeups);
    }
    if (journal) await pushes.finishPushBatch(idempotencyKey);
    if (retryLater !== null)
      throw new PushRetryLater(`Some listings could not be pushed now: ${retryLater}`);
  }
}
