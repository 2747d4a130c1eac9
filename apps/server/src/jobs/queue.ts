import { makeWorkerUtils, type TaskSpec, type WorkerUtils } from 'graphile-worker';
import type pg from 'pg';
import { checkedPayload, type JobName, type JobPayload } from './payloads';

/**
 * graphile-worker's schema, migrated, and a way to queue a job where no Kysely handle is at hand
 * (tests, scripts). Code with a database handle queues through queue-repository.ts's enqueue,
 * inside its transaction when it has one; both check the payload against the same schema.
 */
export interface Queue {
  enqueue<N extends JobName>(name: N, payload: JobPayload<N>, spec?: TaskSpec): Promise<void>;
  close(): Promise<void>;
}

export async function createQueue(pool: pg.Pool): Promise<Queue> {
  const utils: WorkerUtils = await makeWorkerUtils({ pgPool: pool });
  await utils.migrate();
  return {
    async enqueue(name, payload, spec) {
      await utils.addJob(name, checkedPayload(name, payload) as never, spec);
    },
    async close() {
      await utils.release();
    },
  };
}
