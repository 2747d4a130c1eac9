import type { Db } from '../../db/client';
import { enqueueUnlessWaiting } from '../../jobs/queue-repository';
import { connectionJob, type ConnectionJobTask } from './connection-jobs';

/**
 * Connection jobs a transaction needs woken, queued once it has committed. Queuing a job takes its
 * row lock and a NOTIFY, which PostgreSQL serialises across every committing transaction; doing it
 * after the commit, and not at all while the connection already has a job waiting to start (which
 * will see what we committed), keeps the hot path of a sale free of that contention. A process that
 * dies between the commit and the wake-up leaves the work flagged in the tables: the minutely
 * sweep (SyncService.schedulePolls) wakes it.
 */
export class Wakeups {
  private readonly wanted = new Map<string, { task: ConnectionJobTask; connectionId: string }>();

  add(task: ConnectionJobTask, connectionId: string): void {
    this.wanted.set(`${task}:${connectionId}`, { task, connectionId });
  }

  addAll(task: ConnectionJobTask, connectionIds: readonly string[]): void {
    for (const id of connectionIds) this.add(task, id);
  }

  /** Not needed after all (e.g. the running job of that connection goes on to its pushes itself). */
  drop(task: ConnectionJobTask, connectionId: string): void {
    this.wanted.delete(`${task}:${connectionId}`);
  }

  /** After the commit, in one statement: sorted, so concurrent flushes take the job rows in the same order. */
  async flush(db: Db): Promise<void> {
    if (this.wanted.size === 0) return;
    const jobs = [...this.wanted.entries()].sort(([a], [b]) => a.localeCompare(b));
    this.wanted.clear();
    await enqueueUnlessWaiting(
      db,
      jobs.map(([, job]) => connectionJob(job.task, job.connectionId)),
    );
  }
}
