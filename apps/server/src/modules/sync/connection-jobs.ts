import type { Db } from '../../db/client';
import type { JobPayload } from '../../jobs/payloads';
import { enqueue, enqueueUnlessPending, type JobRequest } from '../../jobs/queue-repository';

export type ConnectionJobTask = 'sync_connection' | 'sync_reconcile' | 'sync_orders';

const KEY_PREFIX: Record<ConnectionJobTask, string> = {
  sync_connection: 'sync',
  sync_reconcile: 'reconcile',
  sync_orders: 'orders',
};

/**
 * One of a connection's sync jobs. Each kind has its own queue per connection: `sync` (reads and
 * pushes, and reconciliation, which must not overlap) and `orders` (fetching orders webhooks named,
 * so a sale is not held up behind pushes). The job key folds repeated requests into one pending
 * job; a delayed run has its own key, so an immediate request cannot replace (and lose) it.
 */
export function connectionJob(
  task: ConnectionJobTask,
  connectionId: string,
  options: { delayMs?: number; requested?: boolean } = {},
): JobRequest & { options: { key: string } } {
  const queue = `${task === 'sync_orders' ? 'orders' : 'sync'}:${connectionId}`;
  const later = options.delayMs === undefined ? '' : '-later';
  return {
    name: task,
    payload: {
      connection_id: connectionId,
      ...(options.requested ? { requested: true } : {}),
    },
    options: {
      queue,
      key: `${KEY_PREFIX[task]}${later}:${connectionId}`,
      maxAttempts: 25,
      ...(options.delayMs === undefined ? {} : { delayMs: options.delayMs }),
    },
  };
}

/** Queues one of the connection's sync jobs (in the caller's transaction when `db` is one). */
export async function queueConnectionJob(
  db: Db,
  task: ConnectionJobTask,
  connectionId: string,
  options: { delayMs?: number; requested?: boolean } = {},
): Promise<void> {
  await enqueue(db, connectionJob(task, connectionId, options));
}

/** The next eBay order poll of the connection, in `delayMs` (kept if one is already due sooner). */
export async function queueOrderPoll(db: Db, connectionId: string, delayMs: number): Promise<void> {
  await enqueue(db, {
    name: 'sync_poll_orders',
    payload: { connection_id: connectionId },
    options: { delayMs, maxAttempts: 5, key: `poll:${connectionId}`, keyMode: 'preserve_run_at' },
  });
}

/** An unfinished pass of the incremental stock check: where its next run starts (ADR 0054). */
export type ChangesPass = NonNullable<JobPayload<'sync_changes'>['pass']>;

/**
 * The connection's incremental stock check, in `delayMs`. In the connection's sync queue: it runs
 * between that connection's reads and pushes, never during one, so a push it sees on the channel
 * has its answer recorded (ADR 0054). With `pass`, the check's own next run: it replaces a waiting
 * one. Without, a new pass: a waiting check (maybe in the middle of a pass) is kept as it is.
 */
export async function queueChangesCheck(
  db: Db,
  connectionId: string,
  delayMs: number,
  pass?: ChangesPass,
): Promise<void> {
  const job = {
    name: 'sync_changes' as const,
    payload: { connection_id: connectionId, ...(pass ? { pass } : {}) },
    options: {
      queue: `sync:${connectionId}`,
      delayMs: Math.round(delayMs),
      maxAttempts: 5,
      key: `changes:${connectionId}`,
      keyMode: pass ? ('replace' as const) : ('preserve_run_at' as const),
    },
  };
  await (pass ? enqueue(db, job) : enqueueUnlessPending(db, job));
}
