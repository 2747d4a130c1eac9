import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../support/app';
import { mostJoinFilterRows } from '../support/join-filter';

/*
 * A backlog of pending sales (after an outage, or a large order import) folds in time linear in
 * its size, on a connection whose earlier folds each moved one sale: plpgsql keeps the plan it
 * made then, and with the limit as a parameter that plan once paired every pending row with
 * every row of the limit (the analytics bench's seed: 13 minutes for 140,000 sales).
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const BACKLOG = 3000;

describe('analytics_sales_fold with a backlog', () => {
  it('folds it without pairing rows by a nested loop, every sale counted once', async () => {
    const user = await signIn(t);
    const org = user.firstOrgId;
    const client = new pg.Client({
      connectionString: t.db.url,
      options: '-c plan_cache_mode=force_generic_plan',
    });
    await client.connect();
    const pend = (n: number) =>
      client.query(
        `INSERT INTO analytics_sales_pending (organization_id, day, connection_id, variant_id, units,
           revenue, estimated_units, estimated_revenue, unvalued_units, currency, order_revenue)
         SELECT $1, current_date, '00000000-0000-4000-8000-000000000001',
                '00000000-0000-4000-8000-000000000002', 1, 2.50, 0, 0, 0, 'USD', 2.50
         FROM generate_series(1, $2)`,
        [org, n],
      );
    try {
      // The steady state: folds of one sale each, with the table's statistics saying it is tiny.
      for (let i = 0; i < 8; i++) {
        await pend(1);
        if (i === 0) await client.query('ANALYZE analytics_sales_pending');
        await client.query('SELECT analytics_sales_fold(500000)');
      }
      await pend(BACKLOG);
      const discarded = await mostJoinFilterRows(client, () =>
        client.query('SELECT analytics_sales_fold(500000)'),
      );
      // Pairing the backlog with itself would discard about BACKLOG² / 2 rows.
      expect(discarded).toBeLessThan(BACKLOG * 10);
      const { rows } = await client.query<{ units: string; pending: string }>(
        `SELECT (SELECT sum(units) FROM analytics_sales_channel_daily
                 WHERE organization_id = $1)::text AS units,
                (SELECT count(*) FROM analytics_sales_pending
                 WHERE organization_id = $1)::text AS pending`,
        [org],
      );
      expect(rows[0]).toEqual({ units: String(BACKLOG + 8), pending: '0' });
    } finally {
      await client.end();
    }
  });
});
