import type { PgListener } from '../../db/listener';

/** The channel definitions/memberships_notify_change.sql notifies; payload `<orgId>:<userId>`. */
export const MEMBERSHIPS_CHANNEL = 'memberships_changed';
const RETRY_MS = 1000;

export interface MembershipChangeListener {
  /** A membership changed role or ended. */
  changed(organizationId: string, userId: string): void;
  /** Notifications may have been missed (the connection dropped): forget everything. */
  gap(): void;
}

/**
 * Membership changes committed by any server process, heard on this process's LISTEN connection,
 * so that its membership cache never outlives a removal or a role change (docs/decisions/0052).
 * `listening` is false until LISTEN is in place and from a lost connection until it is back: the
 * cache holds nothing meanwhile.
 */
export class MembershipChanges {
  private readonly listeners = new Set<MembershipChangeListener>();
  private readonly waiters = new Map<string, Set<() => void>>();
  private stopped = false;
  listening = false;

  constructor(private readonly pg: PgListener) {
    pg.onLost(() => {
      this.listening = false;
      for (const listener of this.listeners) listener.gap();
      this.retryLater();
    });
  }

  subscribe(listener: MembershipChangeListener): void {
    this.listeners.add(listener);
  }

  /** Resolves once LISTEN is in place, or failed (then retried in the background). */
  async start(): Promise<void> {
    try {
      await this.pg.subscribe(MEMBERSHIPS_CHANNEL, (payload) => this.deliver(payload));
      this.listening = !this.stopped;
    } catch {
      this.retryLater();
    }
  }

  stop(): void {
    this.stopped = true;
    this.listening = false;
  }

  /**
   * Resolves once this process has heard the change (PostgreSQL sends a commit's notification to
   * every listener at once), or after `timeoutMs`; at once when not listening. Call it before
   * committing: the notification can arrive before the commit's answer.
   */
  heard(organizationId: string, userId: string, timeoutMs = 2000): Promise<void> {
    if (!this.listening) return Promise.resolve();
    const key = `${organizationId}:${userId}`;
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waiters.get(key)?.delete(done);
        resolve();
      };
      const timer = setTimeout(done, timeoutMs);
      timer.unref();
      const set = this.waiters.get(key) ?? new Set();
      set.add(done);
      this.waiters.set(key, set);
    });
  }

  private deliver(payload: string): void {
    const [organizationId, userId] = payload.split(':');
    if (!organizationId || !userId) return;
    for (const listener of this.listeners) listener.changed(organizationId, userId);
    for (const done of [...(this.waiters.get(payload) ?? [])]) done();
  }

  /** Once the listener is connected again (a subscription resolves then), caching resumes. */
  private retryLater(): void {
    setTimeout(() => {
      if (this.stopped) return;
      this.pg
        .subscribe(MEMBERSHIPS_CHANNEL, () => undefined)
        .then((unsubscribe) => {
          unsubscribe();
          this.listening = !this.stopped;
        })
        .catch(() => this.retryLater());
    }, RETRY_MS).unref();
  }
}
