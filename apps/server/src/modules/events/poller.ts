import type { FastifyBaseLogger } from 'fastify';
import type { LiveEventsRepository, PolledEvent, PollPoint } from './repository';

/**
 * Finds the live events committed since its last look, every `intervalMs` while `start`ed
 * (docs/decisions/0048). Polling instead of NOTIFY: a transaction that notifies holds a
 * database-wide lock from its commit until the commit is on disk, so every stock change waited for
 * the one before it (bench/results/stock-write.md). Nothing committed is missed: each poll reads
 * the transactions the previous one could not see yet, whatever order they committed in; a poll
 * that fails is simply repeated.
 */
export class LiveEventsPoller {
  private point: PollPoint | null = null;
  private timer: NodeJS.Timeout | null = null;
  private polling: Promise<void> | null = null;
  private starting: Promise<void> | null = null;
  private failedAt = 0;

  constructor(
    private readonly repository: LiveEventsRepository,
    private readonly intervalMs: number,
    private readonly deliver: (event: PolledEvent) => void,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Polls from now on; resolves once the starting point is taken (throws if it cannot be). */
  start(): Promise<void> {
    if (this.timer) return Promise.resolve();
    this.starting ??= this.repository
      .pollPoint()
      .then((point) => {
        this.point = point;
        this.timer = setInterval(() => void this.poll(), this.intervalMs);
        this.timer.unref();
      })
      .finally(() => (this.starting = null));
    return this.starting;
  }

  /** Stops polling; a later `start` begins from then (nobody was listening in between). */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.point = null;
    await this.polling;
  }

  private poll(): Promise<void> {
    if (this.polling || !this.point) return Promise.resolve();
    const from = this.point;
    this.polling = this.repository
      .since(from)
      .then(({ events, next }) => {
        if (this.point === from) this.point = next;
        for (const event of events) this.deliver(event);
      })
      .catch((error: unknown) => {
        // The database is away: the next poll reads the same transactions again.
        if (Date.now() - this.failedAt > 60_000) {
          this.failedAt = Date.now();
          this.log.warn({ err: error }, 'live events: poll failed; retrying');
        }
      })
      .finally(() => (this.polling = null));
    return this.polling;
  }
}
