import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { AnalyticsSummary } from '@stocksync/contract';
import { seedCatalog } from '../../src/modules/catalog/seed-catalog';
import { Wakeups } from '../../src/modules/sync/wakeups';
import { createTestApp, signIn, type SignedInUser, type TestApp } from '../support/app';
import { newProduct, orgCall } from './catalog-fixtures';

/**
 * The dashboard's Oversold, Low stock, Missing SKU and Missing cost cards show what the inventory
 * filter they open lists (docs/decisions/0060): the summary's filterTotals equal the list's total
 * for that filter and direct SQL over the catalogue, through sales, edits, bulk updates, deletions
 * and threshold changes.
 */

let t: TestApp;
let user: SignedInUser;
const org = () => user.firstOrgId;

beforeAll(async () => {
  t = await createTestApp();
  user = await signIn(t);
  await seedCatalog(t.db.db, {
    organizationId: org(),
    products: 60,
    variants: 3,
    seed: 7,
    vacuum: false,
  });
});
afterAll(async () => {
  await t?.close();
});

async function filterTotals(): Promise<AnalyticsSummary['catalogue']['filterTotals']> {
  const answer = await orgCall(t, user, 'GET', '/v1/analytics/summary');
  expect(answer.statusCode).toBe(200);
  return answer.json<AnalyticsSummary>().catalogue.filterTotals;
}

/** The total the inventory list answers for a filter. */
async function listTotal(query: string): Promise<number> {
  const answer = await orgCall(t, user, 'GET', `/v1/products?${query}&pageSize=1`);
  expect(answer.statusCode).toBe(200);
  return answer.json<{ total: number }>().total;
}

/** Each filter's products, straight from the variants. */
async function bySql() {
  const { rows } = await sql<Record<string, string>>`
    SELECT count(DISTINCT pv.product_id) FILTER (WHERE pv.available_qty < 0)::text AS oversold,
           count(DISTINCT pv.product_id) FILTER (WHERE pv.available_qty <= o.low_stock_threshold)::text
             AS low,
           count(DISTINCT pv.product_id) FILTER (WHERE pv.sku = '')::text AS missing_sku,
           count(DISTINCT pv.product_id) FILTER (WHERE pv.cost_price = 0)::text AS missing_cost
    FROM product_variants pv JOIN organizations o ON o.id = pv.organization_id
    WHERE pv.organization_id = ${org()}`.execute(t.db.db);
  const r = rows[0]!;
  return {
    oversold: Number(r.oversold),
    lowStock: Number(r.low),
    missingSku: Number(r.missing_sku),
    missingCost: Number(r.missing_cost),
  };
}

async function expectCardsMatchFilters() {
  const totals = await filterTotals();
  expect(totals).toEqual(await bySql());
  expect({
    oversold: await listTotal('stock=oversold'),
    lowStock: await listTotal('stock=low'),
    missingSku: await listTotal('missingSku=true'),
    missingCost: await listTotal('missingCost=true'),
  }).toEqual(totals);
  return totals;
}

/** A sale through the one stock change path (stock_apply_change). */
async function sell(variantId: string, units: number, key: string) {
  await t.app.services.sync.master.apply(
    t.db.db,
    {
      organizationId: org(),
      variantId,
      change: { delta: -units },
      cause: 'order',
      key,
      source: `order ${key}`,
    },
    new Wakeups(),
  );
}

/** The Missing cost counters (migration 0073) equal the variants without a cost, per product. */
async function expectMissingCostCounters() {
  const { rows } = await sql<{ differ: string; counted: string | null; products: string }>`
    WITH direct AS (
      SELECT product_id, count(*)::integer AS variants FROM product_variants
      WHERE organization_id = ${org()} AND cost_price = 0 GROUP BY 1
    ), kept AS (
      SELECT product_id, variants FROM analytics_missing_cost_products
      WHERE organization_id = ${org()}
    )
    SELECT (SELECT count(*) FROM ((SELECT * FROM direct EXCEPT SELECT * FROM kept)
                                  UNION ALL (SELECT * FROM kept EXCEPT SELECT * FROM direct)) d
           )::text AS differ,
           (SELECT products::text FROM analytics_missing_cost WHERE organization_id = ${org()})
             AS counted,
           (SELECT count(*) FROM direct)::text AS products`.execute(t.db.db);
  expect(rows[0]!.differ).toBe('0');
  expect(rows[0]!.counted ?? '0').toBe(rows[0]!.products);
}

/** Runs `first` and `second` in two transactions at once, `first` committing before `second`. */
async function overlapping(first: string, second: string, values: [unknown[], unknown[]]) {
  const a = await t.db.pool.connect();
  const b = await t.db.pool.connect();
  try {
    await a.query('BEGIN');
    await b.query('BEGIN');
    await a.query(first, values[0]);
    // Waits on the product's counter row the first one holds, until it commits.
    const waiting = b.query(second, values[1]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await a.query('COMMIT');
    await waiting;
    await b.query('COMMIT');
  } finally {
    a.release();
    b.release();
  }
}

describe('catalogue cards count what their inventory filters list', () => {
  it('agree on the seeded catalogue, with products of several low or oversold variants', async () => {
    // Two variants of one product low, one oversold: one product in each list.
    await newProduct(t.db.db, org(), {
      title: 'Two low, one oversold',
      variants: [
        { sku: 'TL-1', qty: 1, cost: '1.00' },
        { sku: 'TL-2', qty: 2, cost: '0.00' },
        { sku: '', qty: -4, cost: '2.00' },
      ],
    });
    const totals = await expectCardsMatchFilters();
    await expectMissingCostCounters();
    expect(totals.lowStock).toBeGreaterThan(0);
    expect(totals.oversold).toBeGreaterThan(0);
    expect(totals.missingCost).toBeGreaterThan(0);
    // The variant figures count each variant: they differ from the products the cards show.
    const answer = await orgCall(t, user, 'GET', '/v1/analytics/summary');
    const catalogue = answer.json<AnalyticsSummary>().catalogue;
    expect(catalogue.lowStock + catalogue.oversold).toBeGreaterThan(totals.lowStock);
  });

  it('stay equal through sales, restocks, bulk updates, deletions and threshold changes', async () => {
    const { rows: variants } = await sql<{ id: string; available_qty: number }>`
      SELECT id, available_qty FROM product_variants WHERE organization_id = ${org()}
      ORDER BY id LIMIT 12`.execute(t.db.db);
    // Sales that take some variants to low stock and below 0 (the row trigger's path).
    for (const [i, v] of variants.entries())
      await sell(v.id, v.available_qty - (i % 4) + 2 * (i % 3), `filter-order-${i}`);
    await expectCardsMatchFilters();
    // A restock of the lowest variant of an oversold product (its lowest quantity is read again).
    await orgCall(t, user, 'POST', '/v1/variants/quantity', {
      variant_id: variants[0]!.id,
      adjust: 50,
    });
    await expectCardsMatchFilters();
    // Bulk writes through the catalogue's statement triggers.
    await sql`UPDATE product_variants SET available_qty = available_qty - 7
              WHERE organization_id = ${org()} AND position = 2`.execute(t.db.db);
    await sql`UPDATE product_variants SET cost_price = 0, sku = ''
              WHERE id IN (SELECT id FROM product_variants WHERE organization_id = ${org()}
                           ORDER BY id DESC LIMIT 9)`.execute(t.db.db);
    await expectCardsMatchFilters();
    await sql`DELETE FROM product_variants WHERE id IN (
                SELECT id FROM product_variants WHERE organization_id = ${org()}
                AND available_qty < 0 ORDER BY id LIMIT 2)`.execute(t.db.db);
    await sql`DELETE FROM products WHERE id IN (SELECT id FROM products
              WHERE organization_id = ${org()} ORDER BY id LIMIT 5)`.execute(t.db.db);
    await expectCardsMatchFilters();
    for (const threshold of [0, 40, 999, 1200]) {
      const set = await t.app.inject({
        method: 'PATCH',
        url: `/v1/organizations/${org()}`,
        headers: user.headers,
        payload: { low_stock_threshold: threshold },
      });
      expect(set.statusCode).toBe(200);
      await expectCardsMatchFilters();
    }
    await expectMissingCostCounters();
  });

  it('count Missing cost through cost edits, moves and two writers on one product at once', async () => {
    const twoWithout = await newProduct(t.db.db, org(), {
      title: 'Two without cost',
      variants: [
        { sku: 'MC-1', qty: 3, cost: '0.00' },
        { sku: 'MC-2', qty: 3, cost: '0.00' },
        { sku: 'MC-3', qty: 3, cost: '4.00' },
      ],
    });
    const allCosted = await newProduct(t.db.db, org(), {
      title: 'All costed',
      variants: [
        { sku: 'MC-4', qty: 3, cost: '1.00' },
        { sku: 'MC-5', qty: 3, cost: '2.00' },
      ],
    });
    const before = (await expectCardsMatchFilters()).missingCost;
    await expectMissingCostCounters();
    const [a, b] = twoWithout.variantIds as [string, string];
    const [c, d] = allCosted.variantIds as [string, string];
    const setCost = 'UPDATE product_variants SET cost_price = $2 WHERE id = $1';
    // Both variants without a cost get one at once: the product leaves the card exactly once.
    await overlapping(setCost, setCost, [
      [a, 1],
      [b, 2],
    ]);
    expect((await expectCardsMatchFilters()).missingCost).toBe(before - 1);
    await expectMissingCostCounters();
    // Two variants of a costed product lose their cost at once: it joins the card once.
    await overlapping(setCost, setCost, [
      [c, 0],
      [d, 0],
    ]);
    expect((await expectCardsMatchFilters()).missingCost).toBe(before);
    await expectMissingCostCounters();
    // A variant without a cost moved to the other product, then one deleted at once with an edit.
    await sql`UPDATE product_variants SET product_id = ${twoWithout.id}::uuid
              WHERE id = ${c}::uuid`.execute(t.db.db);
    expect((await expectCardsMatchFilters()).missingCost).toBe(before + 1);
    await expectMissingCostCounters();
    await overlapping('DELETE FROM product_variants WHERE id = $1', setCost, [[c], [d, 5]]);
    expect((await expectCardsMatchFilters()).missingCost).toBe(before - 1);
    await expectMissingCostCounters();
  });

  it('keep nothing for an organisation once it is deleted', async () => {
    const other = await signIn(t);
    await newProduct(t.db.db, other.firstOrgId, {
      variants: [{ qty: 1 }, { qty: -2, cost: '0.00' }],
    });
    const kept = sql<{ n: string }>`
      SELECT ((SELECT count(*) FROM analytics_product_stock_buckets
               WHERE organization_id = ${other.firstOrgId}) +
              (SELECT count(*) FROM analytics_missing_cost
               WHERE organization_id = ${other.firstOrgId}) +
              (SELECT count(*) FROM analytics_missing_cost_products
               WHERE organization_id = ${other.firstOrgId}))::text AS n`;
    const before = await kept.execute(t.db.db);
    expect(Number(before.rows[0]!.n)).toBeGreaterThan(0);
    await sql`DELETE FROM organizations WHERE id = ${other.firstOrgId}`.execute(t.db.db);
    const after = await kept.execute(t.db.db);
    expect(Number(after.rows[0]!.n)).toBe(0);
  });
});
