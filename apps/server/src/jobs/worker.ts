import type { FastifyBaseLogger } from 'fastify';
import { Logger, run, type JobHelpers, type Runner, type TaskList } from 'graphile-worker';
import type pg from 'pg';
import { CRONTAB, jobRegistry, type JobDeps, type JobName } from './registry';

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

export function workerLogger(
  log: Pick<FastifyBaseLogger, 'debug' | 'info' | 'warn' | 'error'>,
): Logger {
  return new Logger((scope) => (level, message, meta) => {
    const context = {
      worker: scope.label,
      task: scope.taskIdentifier,
      jobId: scope.jobId,
      ...meta,
    };
    if (level === 'error') log.error(context, message);
    else if (level === 'warning') log.warn(context, message);
    else if (level === 'info') log.info(context, message);
    else log.debug(context, message);
  });
}

/** Runs the job worker and the cron schedule in this process on the given pool. */
export async function startWorker(options: {
  pool: pg.Pool;
  deps: JobDeps;
  log: Pick<FastifyBaseLogger, 'debug' | 'info' | 'warn' | 'error'>;
  concurrency?: number;
}): Promise<Runner> {
  return run({
    pgPool: options.pool,
    taskList: buildTaskList(options.deps),
    crontab: CRONTAB,
    concurrency: options.concurrency ?? 4,
    noHandleSignals: true,
    logger: workerLogger(options.log),
  });
}
