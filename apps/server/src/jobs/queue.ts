import { makeWorkerUtils, type TaskSpec, type WorkerUtils } from 'graphile-worker';
import type pg from 'pg';
import { jobRegistry, type JobName, type JobPayload } from './registry';

export interface Queue {
  /** Validates the payload against the registry and stores the job durably. */
  enqueue<N extends JobName>(name: N, payload: JobPayload<N>, spec?: TaskSpec): Promise<void>;
  close(): Promise<void>;
}

export async function createQueue(pool: pg.Pool): Promise<Queue> {
  const utils: WorkerUtils = await makeWorkerUtils({ pgPool: pool });
  await utils.migrate();
  return {
    async enqueue(name, payload, spec) {
      const parsed = jobRegistry[name].payload.parse(payload);
      await utils.addJob(name as string, parsed, spec);
    },
    async close() {
      await utils.release();
    },
  };
}
