import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/client';
import { checkedPayload, type JobName, type JobPayload } from './payloads';

/** How a job is queued (graphile-worker's add_job options). */
export interface JobOptions {
  /** Jobs of one queue run one at a time, in order. */
  queue?: string;
  /** Run this many ms from now, on the database's clock (the queue runs on it). */
  delayMs?: number;
  /** Default 25. */
  maxAttempts?: number;
  /** Folds requests with the same key into one pending job. */
  key?: string;
  /** replace (default): the new request's run time wins; preserve_run_at: the pending one's. */
  keyMode?: 'replace' | 'preserve_run_at';
}

/** One job to queue, typed by its name. */
export type JobRequest = {
  [N in JobName]: { name: N; payload: JobPayload<N>; options?: JobOptions };
}[JobName];

const runAt = (delayMs: number | undefined) =>
  delayMs === undefined
    ? sql`NULL::timestamptz`
    : sql`now() + ${delayMs}::int * interval '1 millisecond'`;

/** graphile-worker's public add_job, its payload checked against the job's schema. */
function addJob(job: JobRequest): RawBuilder<unknown> {
  const payload = JSON.stringify(checkedPayload(job.name, job.payload as never));
  const o = job.options ?? {};
  return sql`graphile_worker.add_job(${job.name}::text, ${payload}::json,
    queue_name := ${o.queue ?? null}::text, run_at := ${runAt(o.delayMs)},
    max_attempts := ${o.maxAttempts ?? null}::int, job_key := ${o.key ?? null}::text,
    job_key_mode := ${o.keyMode ?? 'replace'}::text)`;
}

/**
 * Queues a job through `db`: inside the caller's transaction when it is one (the job exists only
 * if the transaction commits), on its own otherwise.
 */
export async function enqueue(db: Db, job: JobRequest): Promise<void> {
  await sql`SELECT ${addJob(job)}`.execute(db);
}

/**
 * Queues a keyed job unless one with its key is waiting to run, whenever that is: the waiting
 * job's payload and run time are kept (a job that failed for good, or one running, is not
 * waiting). Reads graphile-worker's public `jobs` view.
 */
export async function enqueueUnlessPending(
  db: Db,
  job: JobRequest & { options: { key: string } },
): Promise<void> {
  await sql`
    SELECT ${addJob(job)} WHERE NOT EXISTS (
      SELECT 1 FROM graphile_worker.jobs j
      WHERE j.key = ${job.options.key} AND j.locked_at IS NULL
        AND j.attempts < j.max_attempts)`.execute(db);
}

/**
 * Queues each keyed job to run now unless one with its key is waiting to start already (it will see what the
 * caller committed), in one statement, in the order given (callers sort, so concurrent callers take
 * the job rows in the same order). Queuing takes the job's row lock and a NOTIFY, which PostgreSQL
 * serialises across committing transactions: the busiest callers skip it when they can. Reads
 * graphile-worker's public `jobs` view.
 */
export async function enqueueUnlessWaiting(
  db: Db,
  jobs: ReadonlyArray<JobRequest & { options: { key: string } }>,
): Promise<void> {
  if (jobs.length === 0) return;
  const column = <T>(pick: (job: (typeof jobs)[number]) => T) => jobs.map(pick);
  await sql`
    SELECT graphile_worker.add_job(w.name, w.payload::json, queue_name := w.queue,
      max_attempts := w.max_attempts, job_key := w.key, job_key_mode := 'replace')
    FROM unnest(${column((j) => j.name)}::text[],
                ${column((j) => JSON.stringify(checkedPayload(j.name, j.payload as never)))}::text[],
                ${column((j) => j.options.queue ?? null)}::text[],
                ${column((j) => j.options.maxAttempts ?? null)}::int[],
                ${column((j) => j.options.key)}::text[])
      WITH ORDINALITY AS w(name, payload, queue, max_attempts, key, position)
    WHERE NOT EXISTS (
      SELECT 1 FROM graphile_worker.jobs j
      WHERE j.key = w.key AND j.locked_at IS NULL AND j.run_at <= now() AND j.attempts = 0)
    ORDER BY w.position`.execute(db);
}
