import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LiveEventsRepository, type PollPoint } from '../../src/modules/events/repository';
import { createTestApp, signIn, type TestApp } from '../support/app';

/*
 * The poller's reads (docs/decisions/0048): each poll finds the events of the transactions the
 * previous one could not see, so events whose ids commit out of order are each found exactly once.
 */

let t: TestApp;
let org: string;
let repository: LiveEventsRepository;

beforeAll(async () => {
  t = await createTestApp({});
  org = (await signIn(t)).firstOrgId;
  repository = new LiveEventsRepository(t.db.db);
});

afterAll(async () => {
  await t?.close();
});

const publish = (client: { query(sql: string, values: unknown[]): Promise<unknown> }, n: number) =>
  client.query(`SELECT live_event_publish($1, 'activity', jsonb_build_object('n', $2::int))`, [
    org,
    n,
  ]);

async function poll(point: PollPoint) {
  const { events, next } = await repository.since(point);
  return { ns: events.filter((e) => e.organization_id === org).map((e) => e.data), next };
}

describe('polling live events', () => {
  it('finds each event once, in whichever order their transactions commit', async () => {
    const start = await repository.pollPoint();
    // A takes the first id and stays open while B, with a later id, commits.
    const a = await t.db.pool.connect();
    try {
      await a.query('BEGIN');
      await publish(a, 1);
      await publish(t.db.pool, 2);

      const first = await poll(start);
      expect(first.ns).toEqual([{ n: 2 }]);

      await a.query('COMMIT');
      const second = await poll(first.next);
      expect(second.ns).toEqual([{ n: 1 }]);

      const third = await poll(second.next);
      expect(third.ns).toEqual([]);
      // A poll repeated from the same point (after a failure) finds the same events again.
      expect((await poll(first.next)).ns).toEqual([{ n: 1 }]);
    } finally {
      a.release();
    }
  });

  it('never finds an event of a transaction that rolled back', async () => {
    const start = await repository.pollPoint();
    const a = await t.db.pool.connect();
    try {
      await a.query('BEGIN');
      await publish(a, 3);
      const first = await poll(start);
      await a.query('ROLLBACK');
      await publish(t.db.pool, 4);
      const second = await poll(first.next);
      expect([...first.ns, ...second.ns]).toEqual([{ n: 4 }]);
    } finally {
      a.release();
    }
  });
});
