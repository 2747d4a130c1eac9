import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeWorkerUtils, type WorkerUtils } from 'graphile-worker';
import { WorkerLiveness } from '../../src/jobs/recovery';
import { createTestDatabase, type TestDatabase } from '../support/test-db';

let db: TestDatabase;
let utils: WorkerUtils;
const silent = { info() {}, warn() {}, error() {} };

beforeAll(async () => {
  db = await createTestDatabase();
  utils = await makeWorkerUtils({ pgPool: db.pool });
  await utils.migrate();
});
afterAll(async () => {
  await utils?.release();
  await db?.drop();
});

async function lockedJob(lockedBy: string, agoSeconds: number): Promise<string> {
  const job = await utils.addJob('auth_cleanup_expired', {});
  await db.pool.query(
    `UPDATE graphile_worker._private_jobs
        SET locked_by = $2, locked_at = now() - make_interval(secs => $3), attempts = 1
      WHERE id = $1`,
    [job.id, lockedBy, agoSeconds],
  );
  return job.id;
}

async function lockOf(id: string) {
  const { rows } = await db.pool.query<{ locked_by: string | null }>(
    'SELECT locked_by FROM graphile_worker._private_jobs WHERE id = $1',
    [id],
  );
  return rows[0]?.locked_by;
}

it('unlocks only jobs held past the grace period by workers no live process holds', async () => {
  // Another process, alive: it holds its worker's liveness lock on its own connection.
  const other = new WorkerLiveness(db.pool, silent, { graceMs: 10_000, intervalMs: 60_000 });
  await other.start();
  other.hold('worker-alive');
  // This process (the sweeper) with a worker of its own.
  const self = new WorkerLiveness(db.pool, silent, { graceMs: 10_000, intervalMs: 60_000 });
  await self.start();
  self.hold('worker-self');
  try {
    const alive = await lockedJob('worker-alive', 60);
    const mine = await lockedJob('worker-self', 60);
    const dead = await lockedJob('worker-dead', 60);
    const young = await lockedJob('worker-young', 2);

    expect(await self.sweep(utils)).toEqual(['worker-dead']);
    expect(await lockOf(alive)).toBe('worker-alive');
    expect(await lockOf(mine)).toBe('worker-self');
    expect(await lockOf(dead)).toBeNull();
    // Locked 2 s ago: maybe a worker whose liveness lock is on its way, so left alone for now.
    expect(await lockOf(young)).toBe('worker-young');

    // The other process dies: its connection ends and with it the liveness lock.
    await other.close();
    expect(await self.sweep(utils)).toEqual(['worker-alive']);
    expect(await lockOf(alive)).toBeNull();
    expect(await lockOf(mine)).toBe('worker-self');
  } finally {
    await other.close();
    await self.close();
  }
});
