import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { makeWorkerUtils, runOnce, type TaskList, type WorkerUtils } from 'graphile-worker';
import { workerLogger } from '../../src/jobs/worker';
import { createTestDatabase, type TestDatabase } from '../support/test-db';

interface Line {
  level: number;
  msg: string;
  [key: string]: unknown;
}

/** A pino logger at `level` whose output is kept as parsed lines. */
function capturedLogger(level: string) {
  const lines: Line[] = [];
  const log = pino({ level }, { write: (chunk: string) => lines.push(JSON.parse(chunk) as Line) });
  return { log, lines };
}

const SECRET_PAYLOAD = { note: 'payload-must-not-be-logged' };
const tasks: TaskList = {
  routine: async () => undefined,
  broken: async () => {
    throw new Error('channel said no\nsecond line of detail');
  },
};

let t: TestDatabase;
let utils: WorkerUtils;
beforeAll(async () => {
  t = await createTestDatabase();
  utils = await makeWorkerUtils({ pgPool: t.pool });
});
afterAll(async () => {
  await utils?.release();
  await t?.drop();
});

async function runJobs(log: pino.Logger, slowJobMs?: number) {
  await runOnce({
    pgPool: t.pool,
    taskList: tasks,
    logger: workerLogger(log, { slowJobMs }),
    noHandleSignals: true,
  });
}

describe('worker log at info', () => {
  it('says nothing about a routine job, and never logs a job row', async () => {
    const { log, lines } = capturedLogger('info');
    await utils.addJob('routine', SECRET_PAYLOAD);
    await runJobs(log);
    expect(lines).toEqual([]);

    const debug = capturedLogger('debug');
    await utils.addJob('routine', SECRET_PAYLOAD);
    await runJobs(debug.log);
    const done = debug.lines.filter((line) => line.msg.startsWith('job routine done'));
    expect(done).toHaveLength(1);
    expect(JSON.stringify(debug.lines)).not.toContain('payload-must-not-be-logged');
  });

  it('gives a failure that will be retried one short warning line', async () => {
    const { log, lines } = capturedLogger('info');
    await utils.addJob('broken', SECRET_PAYLOAD, { maxAttempts: 3 });
    await runJobs(log);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 40,
      msg: 'job broken failed (attempt 1 of 3), will retry: channel said no',
      task: 'broken',
      attempt: 1,
      maxAttempts: 3,
    });
    expect(JSON.stringify(lines)).not.toContain('payload-must-not-be-logged');
  });

  it('gives the last failed attempt one error line', async () => {
    const { log, lines } = capturedLogger('info');
    await utils.addJob('broken', SECRET_PAYLOAD, { maxAttempts: 1 });
    await runJobs(log);
    expect(lines.map((line) => [line.level, line.msg])).toEqual([
      [50, 'job broken failed for good after 1 attempts: channel said no'],
    ]);
  });

  it('gives a slow job one info line', async () => {
    const { log, lines } = capturedLogger('info');
    await utils.addJob('routine', SECRET_PAYLOAD);
    await runJobs(log, 0);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 30, task: 'routine' });
    expect(lines[0]!.msg).toMatch(/^job routine was slow: \d+ ms$/);
  });
});
