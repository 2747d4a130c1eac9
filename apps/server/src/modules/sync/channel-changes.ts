import { ChannelError, type InventoryLevel } from '@stocksync/channels';
import type { Platform } from '../../db/types';
import { ChangesRepository } from './changes-repository';
import { ChecksRepository } from './checks-repository';
import { queueChangesCheck } from './connection-jobs';
import { IntakeRepository } from './intake-repository';
import { call, handledAuthFailure, openSession, type Session, type SyncContext } from './session';
import { Wakeups } from './wakeups';
import { planWebhook } from './webhook-plan';

export interface ChangesSettings {
  /** How often each platform's accounts are checked for changes (absent: not checked so). */
  changesIntervalMs: Partial<Record<Platform, number>>;
  /** Shopify: changes this long before the newest one seen are read again (a late index). */
  changesOverlapMs: number;
}

/**
 * The incremental stock check (issue 26, docs/decisions/0054): what changed on the channel since
 * the last check, read the cheapest way the channel offers, on top of its webhooks. A difference
 * from what we know is flagged for the connection's job exactly as a stock webhook flags it, so
 * it is applied once, through the same observation and with the same guarantees: our own pushes
 * coming back are recognised, and a webhook that arrives late finds the change already known.
 * Runs in the connection's sync queue and schedules its next run itself.
 */
export class ChannelChanges {
  constructor(
    private readonly context: SyncContext,
    private readonly settings: ChangesSettings,
  ) {}

  async run(connectionId: string): Promise<void> {
    const { db, connections } = this.context;
    const session = await openSession(connections, connectionId);
    const interval = session && this.settings.changesIntervalMs[session.platform];
    // Not active (the minutely sweep restarts it once it is), or no such check for the channel.
    if (!session || !interval || !session.adapter.readInventoryChanges) return;
    try {
      await this.check(session, interval);
    } catch (error) {
      if (await handledAuthFailure(connections, session, error)) return;
      // The channel is busy or down: keep the schedule (the next check reads the same window).
      if (!(error instanceof ChannelError && error.retryable)) throw error;
    }
    await queueChangesCheck(db, connectionId, interval);
  }

  private async check(session: Session, interval: number): Promise<void> {
    const wakeups = new Wakeups();
    const flagged =
      session.platform === 'shopify'
        ? await this.shopifyChanges(session, interval)
        : await this.otherChanges(session);
    if (flagged) wakeups.add('sync_connection', session.id);
    await wakeups.flush(this.context.db);
  }

  /**
   * Levels at each synced location changed since the newest change the last check saw (less the
   * overlap), planned as one stock webhook reporting them all; answers whether any was flagged.
   */
  private async shopifyChanges(session: Session, interval: number): Promise<boolean> {
    const { db, clock, connections } = this.context;
    const locations = await new ChangesRepository(db).locations(session.id);
    if (locations.length === 0) return false;
    const seen = (await connections.find(session.id))?.changes_seen_at ?? null;
    // The first check starts one interval back on our clock; later ones on Shopify's.
    const from = seen ?? new Date(clock.now().getTime() - interval);
    const since = new Date(from.getTime() - this.settings.changesOverlapMs).toISOString();
    const levels: InventoryLevel[] = [];
    let newest = from;
    for (const locationId of locations) {
      const answer = await call(this.context, () =>
        session.adapter.readInventoryChanges!(session.credentials, { since, locationId }),
      );
      levels.push(...answer.levels);
      if (answer.until && Date.parse(answer.until) > newest.getTime())
        newest = new Date(answer.until);
    }
    const plan = await planWebhook(
      db,
      'shopify',
      {
        eventId: `changes:${session.id}`,
        topic: 'inventory_levels/update',
        kind: 'inventory',
        items: levels.map(({ available, updatedAt, ...ref }) => ({
          ref,
          available,
          ...(updatedAt ? { updatedAt } : {}),
        })),
        payload: null,
      },
      [session.id],
    );
    const flagged = plan !== 'echo' && plan.checks.listings.length > 0;
    if (flagged)
      await db
        .transaction()
        .execute((trx) =>
          new IntakeRepository(trx).recordWebhookRequests(plan.checks, null, clock.now()),
        );
    await connections.setChangesSeenAt(session.id, newest);
    return flagged;
  }

  /**
   * eBay: every item's quantity (it has no changed-since read); listings that differ from what
   * we know are flagged for a read, whose difference is applied once it has settled (ADR 0025).
   */
  private async otherChanges(session: Session): Promise<boolean> {
    const { db, clock } = this.context;
    const changes = new ChangesRepository(db);
    // Every item is read: not worth eBay's quota while nothing of the account syncs.
    if (!(await changes.hasSynced(session.id))) return false;
    const answer = await call(this.context, () =>
      session.adapter.readInventoryChanges!(session.credentials, {
        since: clock.now().toISOString(),
      }),
    );
    const levels = answer.levels.flatMap((level) =>
      level.externalVariantId
        ? [{ externalVariantId: level.externalVariantId, available: level.available }]
        : [],
    );
    const ids = await changes.differing(session.id, levels);
    await new ChecksRepository(db).requestChecks(ids);
    return ids.length > 0;
  }
}
