import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCrontab, runOnce } from 'graphile-worker';
import { createQueue, type Queue } from '../../src/jobs/queue';
import { CRONTAB, jobRegistry } from '../../src/jobs/registry';
import { buildTaskList, workerLogger } from '../../src/jobs/worker';
import { createTestApp, signIn, type TestApp } from '../support/app';

let t: TestApp;
let queue: Queue;
beforeAll(async () => {
  t = await createTestApp();
  queue = await createQueue(t.db.pool);
});
afterAll(async () => {
  await queue?.close();
  await t?.close();
});

const silent = { debug() {}, info() {}, warn() {}, error() {} };
const DAY = 24 * 60 * 60 * 1000;

describe('job registry', () => {
  it('schedules every cron task that exists in the registry', () => {
    const items = parseCrontab(CRONTAB);
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) expect(Object.keys(jobRegistry)).toContain(item.task);
  });

  it('cleans up expired codes and dead sessions through the queue, keeping live ones', async () => {
    const live = await signIn(t);
    const old = await signIn(t);
    const revoked = await signIn(t);
    await t.app.inject({
      method: 'POST',
      url: '/v1/auth/logout',
      headers: revoked.headers,
    });
    // Two days pass for the revoked session; the old one is expired outright.
    await t.db.db
      .updateTable('sessions')
      .set({ expires_at: new Date(t.clock.now().getTime() - 1000) })
      .where('user_id', '=', old.userId)
      .execute();
    await t.db.db
      .updateTable('sessions')
      .set({ revoked_at: new Date(t.clock.now().getTime() - 2 * DAY) })
      .where('user_id', '=', revoked.userId)
      .execute();
    await t.db.db
      .updateTable('login_codes')
      .set({ expires_at: new Date(t.clock.now().getTime() - 2 * DAY) })
      .where('email', '=', old.email)
      .execute();

    await queue.enqueue('auth_cleanup_expired', {});
    await runOnce({
      pgPool: t.db.pool,
      taskList: buildTaskList({ auth: t.app.services.auth }),
      logger: workerLogger(silent),
      noHandleSignals: true,
    });

    const sessions = await t.db.db.selectFrom('sessions').select('user_id').execute();
    expect(sessions.map((s) => s.user_id)).toEqual([live.userId]);
    const codes = await t.db.db.selectFrom('login_codes').select('email').execute();
    expect(codes.map((c) => c.email).sort()).toEqual([live.email, revoked.email].sort());
    const me = await t.app.inject({ method: 'GET', url: '/v1/users/me', headers: live.headers });
    expect(me.statusCode).toBe(200);
  });

  it('rejects a payload that does not match the registry', async () => {
    await expect(
      // @ts-expect-error: the payload type is checked at compile time too
      queue.enqueue('auth_cleanup_expired', 'not an object'),
    ).rejects.toThrow();
  });
});
