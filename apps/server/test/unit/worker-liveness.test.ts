import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { WorkerLiveness } from '../../src/jobs/recovery';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** A pool whose one client records its statements and how many ran at once. */
function recordingPool() {
  const statements: string[] = [];
  let running = 0;
  let mostAtOnce = 0;
  const client = {
    on: () => undefined,
    release: () => undefined,
    async query(text: string, values?: string[]) {
      running++;
      mostAtOnce = Math.max(mostAtOnce, running);
      statements.push(`${text.split('(')[0]}${values ? ` ${values[0]}` : ''}`);
      await new Promise((resolve) => setTimeout(resolve, 2));
      running--;
      return { rows: [] };
    },
  };
  const pool = { connect: async () => client } as unknown as pg.Pool;
  return { pool, statements, mostAtOnce: () => mostAtOnce };
}

describe('WorkerLiveness', () => {
  it('sends its connection one statement at a time, in order, when workers start in a burst', async () => {
    const { pool, statements, mostAtOnce } = recordingPool();
    const liveness = new WorkerLiveness(pool, quiet, { graceMs: 1_000, intervalMs: 60_000 });
    await liveness.start();
    for (const id of ['w1', 'w2', 'w3']) liveness.hold(id);
    liveness.forget('w2');
    await liveness.close();
    expect(statements).toEqual([
      'SELECT pg_advisory_lock w1',
      'SELECT pg_advisory_lock w2',
      'SELECT pg_advisory_lock w3',
      'SELECT pg_advisory_unlock w2',
      'SELECT pg_advisory_unlock_all',
    ]);
    expect(mostAtOnce()).toBe(1);
  });
});
