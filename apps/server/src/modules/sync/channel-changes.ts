import { ChannelError } from '@stocksync/channels';
import type { Platform } from '../../db/types';
import { queueChangesCheck, type ChangesPass } from './connection-jobs';
import { itemChangesPage } from './item-changes';
import { handledAuthFailure, openSession, type Session, type SyncContext } from './session';
import { shopifyChangesPage } from './shopify-changes';

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
 *
 * Runs in the connection's sync queue, one page a run: a pass of several pages queues its next
 * run (`pass`) when the channel's budget allows (the check takes at most its share of it), so the
 * connection's pushes queued meanwhile run in between. A complete pass queues the next one.
 */
export class ChannelChanges {
  constructor(
    private readonly context: SyncContext,
    private readonly settings: ChangesSettings,
  ) {}

  async run(connectionId: string, pass?: ChangesPass): Promise<void> {
    const { db, clock, connections } = this.context;
    const session = await openSession(connections, connectionId);
    const interval = session && this.settings.changesIntervalMs[session.platform];
    // Not active (the minutely sweep restarts it once it is), or no such check for the channel.
    if (!session || !interval || !session.adapter.readInventoryChanges) return;
    const current = pass ?? { started: clock.now().toISOString(), after: null, spent: 0 };
    // Over its share of the account's budget: the check waits, the pushes do not.
    const wait = this.msUntilRead(session, interval, current);
    if (wait > 0) return queueChangesCheck(db, connectionId, wait, pass);
    let next: ChangesPass | null;
    try {
      next = await this.page(session, interval, current);
    } catch (error) {
      if (await handledAuthFailure(connections, session, error)) return;
      // The channel is busy or down: the same page later (a complete pass moves nothing on).
      if (!(error instanceof ChannelError && error.retryable)) throw error;
      return queueChangesCheck(db, connectionId, interval, pass);
    }
    if (next)
      return queueChangesCheck(db, connectionId, this.msUntilRead(session, interval, next), next);
    // The next pass is due an interval after this one began.
    const due = Date.parse(current.started) + interval - clock.now().getTime();
    await queueChangesCheck(db, connectionId, Math.max(0, due));
  }

  /** How long the pass waits before its next page, to keep to its share of the budget. */
  private msUntilRead(session: Session, interval: number, pass: ChangesPass): number {
    const elapsedMs = this.context.clock.now().getTime() - Date.parse(pass.started);
    const spending = { spent: pass.spent, elapsedMs, periodMs: interval };
    return session.adapter.msUntilChangesRead?.(session.credentials, spending) ?? 0;
  }

  /** One page of the pass; what is left of it (and when to read on), or null once complete. */
  private page(session: Session, interval: number, pass: ChangesPass) {
    return session.platform === 'shopify'
      ? shopifyChangesPage(this.context, session, { interval, ...this.settings }, pass)
      : itemChangesPage(this.context, session, pass);
  }
}
