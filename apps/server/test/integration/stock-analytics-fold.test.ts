import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { CatalogueFiguresRepository } from '../../src/modules/analytics/catalogue-repository';
import { seedCatalog } from '../../src/modules/catalog/seed-catalog';
import { createTestApp, signIn, type TestApp } from '../support/app';
import { orgCall } from './catalog-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const THRESHOLDS = [0, 5, 20, 60];

/** The figures the buckets answer, computed straight from the catalogue. */
async function catalogueBySql(org: string, threshold: number) {
  const { rows } = await sql<Record<string, string>>`
    SELECT count(*)::text AS variants, coalesce(sum(greatest(available_qty, 0)), 0)::text AS units,
           coalesce(sum(greatest(available_qty, 0) * cost_price), 0)::numeric(20, 2)::text
             AS value_at_cost,
           coalesce(sum(greatest(available_qty, 0) * current_price), 0)::numeric(20, 2)::text
             AS value_at_price,
           count(*) FILTER (WHERE sku = '')::text AS missing_sku,
           count(*) FILTER (WHERE cost_price = 0)::text AS missing_cost,
           count(*) FILTER (WHERE available_qty < 0)::text AS oversold,
           count(*) FILTER (WHERE available_qty BETWEEN 0 AND ${threshold}::int)::text AS low_stock,
           (SELECT count(*) FILTER (WHERE lowest_qty < 0) FROM products
            WHERE organization_id = ${org})::text AS oversold_products,
           (SELECT count(*) FILTER (WHERE lowest_qty <= ${threshold}::int) FROM products
            WHERE organization_id = ${org})::text AS low_stock_products
    FROM product_variants WHERE organization_id = ${org}`.execute(t.db.db);
  return rows[0]!;
}

async function expectFiguresExact(org: string) {
  const figures = new CatalogueFiguresRepository(t.db.db);
  for (const threshold of THRESHOLDS) {
    expect(await figures.figures(org, threshold)).toMatchObject(
      await catalogueBySql(org, threshold),
    );
  }
}

async function pendingRows(org: string): Promise<number> {
  const { rows } = await sql<{ n: string }>`
    SELECT count(*)::text AS n FROM analytics_stock_pending
    WHERE organization_id = ${org}`.execute(t.db.db);
  return Number(rows[0]!.n);
}

describe('analytics stock buckets folded from appended stock changes (migration 0081, ADR 0045)', () => {
  it('answer exact catalogue figures before and after the fold, through deletions and other writers', async () => {
    const user = await signIn(t);
    const org = user.firstOrgId;
    await seedCatalog(t.db.db, {
      organizationId: org,
      products: 30,
      variants: 3,
      seed: 5,
      vacuum: false,
    });
    await expectFiguresExact(org);
    const { rows } = await sql<{ id: string }>`
      SELECT id FROM product_variants WHERE organization_id = ${org}
      ORDER BY id LIMIT 24`.execute(t.db.db);
    const ids = rows.map((r) => r.id);
    // Changes moving variants (and products' lowest quantities) across buckets, below 0 and over
    // 1,000 included, concurrently.
    const quantities = [0, 2, 7, 45, 1200, 1];
    const answers = await Promise.all(
      [...ids, ...ids].map((variant_id, i) =>
        orgCall(t, user, 'POST', '/v1/variants/quantity', {
          variant_id,
          quantity: quantities[i % quantities.length],
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));
    // Decreases below 0 (a product's lowest quantity among them: Oversold).
    for (const id of ids.slice(3, 7)) {
      await sql`SELECT stock_apply_change(${id}::uuid, ${org}::uuid, -60, NULL, 'manual', NULL, NULL,
                NULL, ${`fold-${id}`}, 'test', NULL, NULL, NULL, false, now(), NULL, NULL)`.execute(
        t.db.db,
      );
    }
    expect(await pendingRows(org)).toBeGreaterThan(0);
    await expectFiguresExact(org);

    // Other writers keep writing the buckets directly while changes are pending.
    await sql`UPDATE product_variants SET available_qty = available_qty + 4, cost_price = 0
              WHERE id = ${ids[0]!}::uuid`.execute(t.db.db);
    await sql`DELETE FROM products WHERE id IN (SELECT product_id FROM product_variants
              WHERE id IN (${ids[1]!}::uuid, ${ids[2]!}::uuid))`.execute(t.db.db);
    await expectFiguresExact(org);

    expect(await t.app.services.analytics.foldStock()).toBeGreaterThan(0);
    expect(await pendingRows(org)).toBe(0);
    await expectFiguresExact(org);
    await orgCall(t, user, 'POST', '/v1/variants/quantity', { variant_id: ids[5], quantity: -8 });
    await expectFiguresExact(org);
    await t.app.services.analytics.foldStock();
    await expectFiguresExact(org);
  });

  it('queues the fold again, by its key, only when it folded something', async () => {
    const user = await signIn(t);
    const org = user.firstOrgId;
    await seedCatalog(t.db.db, { organizationId: org, products: 2, variants: 1, seed: 4 });
    const { rows } = await sql<{ id: string }>`
      SELECT id FROM product_variants WHERE organization_id = ${org} LIMIT 1`.execute(t.db.db);
    const queued = async () => {
      const r = await sql<{ n: string }>`SELECT count(*)::text AS n FROM graphile_worker.jobs
        WHERE key = 'analytics_stock_fold' AND locked_at IS NULL`.execute(t.db.db);
      return Number(r.rows[0]!.n);
    };
    await t.app.services.analytics.foldStock();
    await sql`SELECT graphile_worker.remove_job('analytics_stock_fold')`.execute(t.db.db);
    expect(await t.app.services.analytics.foldStockAndRequeue()).toBe(0);
    expect(await queued()).toBe(0);
    await orgCall(t, user, 'POST', '/v1/variants/quantity', {
      variant_id: rows[0]!.id,
      quantity: 3,
    });
    expect(await t.app.services.analytics.foldStockAndRequeue()).toBeGreaterThan(0);
    expect(await queued()).toBe(1);
  });

  // The cascade deletes its products after the organisation's own trigger ran: their moves still
  // pending must be folded for the product buckets to come back to nothing.
  it('leaves nothing of a deleted organisation in the stock figures', async () => {
    const user = await signIn(t);
    const org = user.firstOrgId;
    await seedCatalog(t.db.db, {
      organizationId: org,
      products: 5,
      variants: 2,
      seed: 9,
      vacuum: false,
    });
    const { rows } = await sql<{ id: string }>`
      SELECT id FROM product_variants WHERE organization_id = ${org} LIMIT 4`.execute(t.db.db);
    for (const [i, r] of rows.entries()) {
      await orgCall(t, user, 'POST', '/v1/variants/quantity', {
        variant_id: r.id,
        quantity: i * 3 - 2,
      });
    }
    expect(await pendingRows(org)).toBeGreaterThan(0);
    await sql`DELETE FROM organizations WHERE id = ${org}::uuid`.execute(t.db.db);
    await t.app.services.analytics.foldStock();
    // Every analytics table keyed by organisation: nothing of it is left, no bucket below zero.
    const left = await sql<{ table: string; n: string }>`
      SELECT 'analytics_stock_pending' AS table, count(*)::text AS n FROM analytics_stock_pending
      WHERE organization_id = ${org}
      UNION ALL SELECT 'analytics_product_stock_buckets', count(*)::text
      FROM analytics_product_stock_buckets WHERE organization_id = ${org}
      UNION ALL SELECT 'analytics_stock_buckets', count(*)::text FROM analytics_stock_buckets
      WHERE organization_id = ${org}
      UNION ALL SELECT 'analytics_missing_cost', count(*)::text FROM analytics_missing_cost
      WHERE organization_id = ${org}
      UNION ALL SELECT 'analytics_missing_cost_products', count(*)::text
      FROM analytics_missing_cost_products WHERE organization_id = ${org}`.execute(t.db.db);
    expect(left.rows.filter((r) => r.n !== '0')).toEqual([]);
  });
});
