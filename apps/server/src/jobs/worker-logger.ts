import type { FastifyBaseLogger } from 'fastify';
import { Logger } from 'graphile-worker';

type Log = Pick<FastifyBaseLogger, 'debug' | 'info' | 'warn' | 'error'>;

/** A job that took longer than this earns an info line even when it succeeds. */
export const SLOW_JOB_MS = 5_000;

/** The parts of graphile-worker's job row that are worth a log field (never the payload). */
interface JobRow {
  id?: string | number;
  task_identifier?: string;
  attempts?: number;
  max_attempts?: number;
}

interface JobMeta {
  job?: JobRow;
  duration?: number;
  success?: boolean;
  failure?: boolean;
  error?: unknown;
}

function errorMessage(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error ?? 'unknown error');
  return text.split('\n')[0] ?? text;
}

/**
 * Adapts graphile-worker's logger to ours. graphile-worker reports every finished job at info with
 * the whole job row (payload included), so a cron schedule wrote a JSON row a minute. Here routine
 * successes go to debug, and info and above get one short line per failure, retry or slow job.
 */
export function workerLogger(log: Log, options: { slowJobMs?: number } = {}): Logger {
  const slowJobMs = options.slowJobMs ?? SLOW_JOB_MS;
  return new Logger((scope) => (level, message, rawMeta) => {
    const meta = (rawMeta ?? {}) as JobMeta & Record<string, unknown>;
    const job = meta.job;
    if (job && (meta.success || meta.failure)) {
      const task = job.task_identifier ?? scope.taskIdentifier;
      const attempt = job.attempts ?? 1;
      const maxAttempts = job.max_attempts ?? 1;
      const fields = {
        task,
        jobId: String(job.id ?? scope.jobId),
        attempt,
        maxAttempts,
        durationMs: Math.round(meta.duration ?? 0),
      };
      if (meta.failure) {
        const reason = errorMessage(meta.error);
        if (attempt < maxAttempts) {
          log.warn(
            fields,
            `job ${task} failed (attempt ${attempt} of ${maxAttempts}), will retry: ${reason}`,
          );
        } else {
          log.error(fields, `job ${task} failed for good after ${attempt} attempts: ${reason}`);
        }
        log.debug({ ...fields, err: meta.error }, `job ${task} failure detail`);
      } else if (attempt > 1) {
        log.info(fields, `job ${task} succeeded on attempt ${attempt} of ${maxAttempts}`);
      } else if ((meta.duration ?? 0) >= slowJobMs) {
        log.info(fields, `job ${task} was slow: ${fields.durationMs} ms`);
      } else {
        log.debug(fields, `job ${task} done in ${fields.durationMs} ms`);
      }
      return;
    }
    // Anything else graphile-worker says (start-up, shutdown, connection errors), minus bulky rows.
    const { job: _job, error, ...rest } = meta;
    const context = {
      worker: scope.label,
      task: scope.taskIdentifier,
      jobId: scope.jobId,
      ...rest,
      ...(error === undefined ? {} : { err: error }),
    };
    if (level === 'error') log.error(context, message);
    else if (level === 'warning') log.warn(context, message);
    else if (level === 'info') log.info(context, message);
    else log.debug(context, message);
  });
}
