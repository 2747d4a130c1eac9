import type { FastifyBaseLogger } from 'fastify';
import { EventEmitter } from 'node:events';
import {
  makeWorkerUtils,
  run,
  type JobHelpers,
  type Runner,
  type TaskList,
  type WorkerEvents,
} from 'graphile-worker';
import type pg from 'pg';
import { WorkerLiveness } from './recovery';
import { CRONTAB, jobRegistry, type JobDeps, type JobName } from './registry';
import { workerLogger } from './worker-logger';

export { workerLogger };

/** graphile-worker tasks built from the registry; each payload is validated before its handler runs. */
export function buildTaskList(deps: JobDeps): TaskList {
  const tasks: TaskList = {};
  for (const name of Object.keys(jobRegistry) as JobName[]) {
    // Each definition's run matches its own payload schema; the union of them is not callable.
    const job = jobRegistry[name] as {
      payload: { parse(raw: unknown): unknown };
      run(payload: unknown, deps: JobDeps, helpers: JobHelpers): Promise<void>;
    };
    tasks[name] = async (raw, helpers) => {
      const payload = job.payload.parse(raw ?? {});
      await job.run(payload, deps, helpers);
    };
  }
  return tasks;
}

/**
 * Runs the job worker and the cron schedule in this process on the given pool, and recovers jobs
 * left locked by a process that died (docs/decisions/0024-resuming-jobs-after-a-crash.md).
 */
export async function startWorker(options: {
  pool: pg.Pool;
  deps: JobDeps;
  log: Pick<FastifyBaseLogger, 'debug' | 'info' | 'warn' | 'error'>;
  concurrency?: number;
  /** A job locked longer than graceMs by a worker that is not alive is unlocked (default 10 s). */
  recovery?: { graceMs?: number; intervalMs?: number };
}): Promise<Runner> {
  const liveness = new WorkerLiveness(options.pool, options.log, {
    graceMs: options.recovery?.graceMs ?? 10_000,
    intervalMs: options.recovery?.intervalMs ?? 5_000,
  });
  await liveness.start();
  const events: WorkerEvents = new EventEmitter();
  // Emitted before the worker asks for its first job; the grace period covers the lock's round trip.
  events.on('worker:create', ({ worker }) => liveness.hold(worker.workerId));
  events.on('worker:stop', ({ worker }) => liveness.forget(worker.workerId));
  let runner: Runner;
  try {
    runner = await run({
      pgPool: options.pool,
      taskList: buildTaskList(options.deps),
      crontab: CRONTAB,
      concurrency: options.concurrency ?? 4,
      // New jobs arrive by LISTEN/NOTIFY; polling only finds jobs whose run_at has come (eBay
      // order polls every few seconds, a second look at a stock difference), so poll often.
      pollInterval: 250,
      noHandleSignals: true,
      logger: workerLogger(options.log),
      events,
    });
  } catch (error) {
    await liveness.close();
    throw error;
  }
  const utils = await makeWorkerUtils({ pgPool: options.pool, logger: workerLogger(options.log) });
  liveness.startSweeping(utils);
  const stop = runner.stop.bind(runner);
  runner.stop = async () => {
    await stop();
    await utils.release();
    await liveness.close();
  };
  return runner;
}
