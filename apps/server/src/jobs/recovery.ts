import type { FastifyBaseLogger } from 'fastify';
import type { WorkerUtils } from 'graphile-worker';
import type pg from 'pg';

type Log = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

/** The advisory lock key that says "worker $1 is alive"; 64-bit, so collisions are negligible. */
const KEY = `hashtextextended('stocksync:graphile-worker:' || $1, 0)`;

/**
 * Crash recovery for graphile-worker (docs/decisions/0024-resuming-jobs-after-a-crash.md).
 *
 * Each process holds, on one dedicated connection, a session advisory lock per worker id it runs.
 * PostgreSQL releases those locks the moment that connection ends, which a killed process's does.
 * A sweep then finds jobs locked for longer than `graceMs` by a worker whose lock nobody holds and
 * unlocks them, so they run again within seconds instead of after graphile-worker's 4 hours.
 */
export class WorkerLiveness {
  private client: pg.PoolClient | null = null;
  private readonly ids = new Set<string>();
  private closed = false;
  private timer: NodeJS.Timeout | null = null;
  private sweeping = false;
  /** The liveness connection's last statement; the next one waits for it (see run). */
  private pending: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly pool: pg.Pool,
    private readonly log: Log,
    private readonly options: { graceMs: number; intervalMs: number },
  ) {}

  async start(): Promise<void> {
    await this.connect();
  }

  private async connect(): Promise<void> {
    const client = await this.pool.connect();
    client.on('error', (error) => {
      // The locks went with the connection: take them again on a new one.
      this.log.error({ err: error }, 'worker liveness connection lost; reconnecting');
      client.release(true);
      if (this.client === client) this.client = null;
      void this.reconnect();
    });
    this.client = client;
    for (const id of this.ids) await this.run(client, `SELECT pg_advisory_lock(${KEY})`, id);
  }

  /**
   * One statement on the liveness connection, after the ones before it: workers start (hold) in a
   * burst, and pg queues overlapping queries on one client only with a deprecation warning (pg@9
   * refuses them).
   */
  private run(client: pg.PoolClient, text: string, workerId: string): Promise<unknown> {
    const result = this.pending.then(() => client.query(text, [workerId]));
    this.pending = result.catch(() => undefined);
    return result;
  }

  private async reconnect(): Promise<void> {
    while (!this.closed && !this.client) {
      try {
        await this.connect();
      } catch (error) {
        this.log.error({ err: error }, 'worker liveness reconnect failed');
        await new Promise((r) => setTimeout(r, 1000));
      }
    }
  }

  /** Marks a worker id of this process as alive (call before it can lock a job). */
  hold(workerId: string): void {
    this.ids.add(workerId);
    if (!this.client) return;
    this.run(this.client, `SELECT pg_advisory_lock(${KEY})`, workerId).catch((error: unknown) =>
      this.log.error({ err: error }, 'worker liveness lock failed'),
    );
  }

  forget(workerId: string): void {
    this.ids.delete(workerId);
    if (!this.client) return;
    this.run(this.client, `SELECT pg_advisory_unlock(${KEY})`, workerId).catch((error: unknown) =>
      this.log.warn({ err: error }, 'worker liveness unlock failed'),
    );
  }

  /** Sweeps now and then every intervalMs until close(). */
  startSweeping(utils: WorkerUtils, schema = 'graphile_worker'): void {
    const tick = () => {
      void this.sweep(utils, schema)
        .catch((error: unknown) => this.log.error({ err: error }, 'job lock sweep failed'))
        .finally(() => {
          if (!this.closed) this.timer = setTimeout(tick, this.options.intervalMs);
        });
    };
    tick();
  }

  /** Unlocks jobs and queues held by workers that are not alive; answers their worker ids. */
  async sweep(utils: WorkerUtils, schema = 'graphile_worker'): Promise<string[]> {
    if (this.sweeping) return [];
    this.sweeping = true;
    try {
      const grace = `${Math.max(0, Math.round(this.options.graceMs))} milliseconds`;
      // graphile-worker's public jobs view: a queue is locked only with one of its jobs, by the
      // same worker, so the jobs' locks name every worker holding either.
      const { rows } = await this.pool.query<{ locked_by: string }>(
        `SELECT DISTINCT locked_by FROM "${schema}".jobs
          WHERE locked_by IS NOT NULL AND locked_at < now() - $1::interval`,
        [grace],
      );
      const candidates = rows.map((r) => r.locked_by).filter((id) => !this.ids.has(id));
      if (candidates.length === 0) return [];
      // A lock this transaction can take is held by no session: that worker's process is gone.
      const client = await this.pool.connect();
      let dead: string[];
      try {
        await client.query('BEGIN');
        const found = await client.query<{ id: string }>(
          `SELECT id FROM unnest($1::text[]) AS id
            WHERE pg_try_advisory_xact_lock(hashtextextended('stocksync:graphile-worker:' || id, 0))`,
          [candidates],
        );
        await client.query('COMMIT');
        dead = found.rows.map((r) => r.id);
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
      if (dead.length > 0) {
        await utils.forceUnlockWorkers(dead);
        this.log.warn(
          { workers: dead },
          `unlocked jobs of ${dead.length} worker(s) whose process is gone; they run again`,
        );
      }
      return dead;
    } finally {
      this.sweeping = false;
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    const client = this.client;
    this.client = null;
    if (!client) return;
    // Ending the session releases every lock it holds, but only once its backend has exited,
    // which is asynchronous; release them first so a sweep right after sees them gone.
    await this.pending;
    await client.query('SELECT pg_advisory_unlock_all()').catch(() => undefined);
    client.release(true);
  }
}
