import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { seedCatalog } from '../../src/modules/catalog/seed-catalog';
import { createTestApp, signIn, type TestApp } from '../support/app';
import { aggregateMismatches, expectStatsConsistent, orgCall } from './catalog-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** Variants of the organisation's products that have at least two, by product. */
async function multiVariantProducts(org: string) {
  const { rows } = await sql<{ product_id: string; ids: string[] }>`
    SELECT product_id, array_agg(id ORDER BY position, id) AS ids
    FROM product_variants WHERE organization_id = ${org}
    GROUP BY product_id HAVING count(*) >= 2 ORDER BY product_id LIMIT 6`.execute(t.db.db);
  return rows;
}

describe('product totals kept by quantity differences (migration 0009)', () => {
  it('stay equal to a recomputation through every kind of variant update', async () => {
    const user = await signIn(t);
    const org = user.firstOrgId;
    await seedCatalog(t.db.db, {
      organizationId: org,
      products: 80,
      variants: 3,
      seed: 7,
      vacuum: false,
    });
    const products = await multiVariantProducts(org);
    expect(products.length).toBeGreaterThanOrEqual(4);
    const [a, b, c, d] = products;

    // One statement changing many quantities across products, some rows twice in a product.
    await sql`UPDATE product_variants SET available_qty = available_qty + (position % 3) * 5 - 2
              WHERE organization_id = ${org}`.execute(t.db.db);
    expect(await aggregateMismatches(t.db.db, org)).toBe(0);

    // Two transactions changing variants of the same product at once both count.
    const first = t.db.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('product_variants')
        .set((eb) => ({ available_qty: eb('available_qty', '+', 7) }))
        .where('id', '=', a!.ids[0]!)
        .execute();
      await new Promise((resolve) => setTimeout(resolve, 100));
    });
    const second = t.db.db
      .updateTable('product_variants')
      .set((eb) => ({ available_qty: eb('available_qty', '-', 3) }))
      .where('id', '=', a!.ids[1]!)
      .execute();
    await Promise.all([first, second]);
    expect(await aggregateMismatches(t.db.db, org)).toBe(0);

    // A SKU change and a quantity change of the same product in one statement (full recompute).
    await sql`UPDATE product_variants
              SET sku = CASE WHEN id = ${b!.ids[0]!}::uuid THEN '' ELSE sku END,
                  available_qty = available_qty + 11
              WHERE id IN (${b!.ids[0]!}::uuid, ${b!.ids[1]!}::uuid)`.execute(t.db.db);
    expect(await aggregateMismatches(t.db.db, org)).toBe(0);

    // A variant moving to another product with a new quantity.
    await t.db.db
      .updateTable('product_variants')
      .set({ product_id: d!.product_id, available_qty: 40 })
      .where('id', '=', c!.ids[0]!)
      .execute();
    expect(await aggregateMismatches(t.db.db, org)).toBe(0);
  });
});

describe('product totals kept by stock changes (stock_apply_change, ADR 0045)', () => {
  it('move by each change, concurrent changes of one product included, and leave the triggers to every other writer', async () => {
    const user = await signIn(t);
    const org = user.firstOrgId;
    await seedCatalog(t.db.db, {
      organizationId: org,
      products: 20,
      variants: 3,
      seed: 11,
      vacuum: false,
    });
    const products = await multiVariantProducts(org);
    const ids = products.flatMap((p) => p.ids);
    // Every variant of several products at once, twice over (a product's variants concurrently).
    const answers = await Promise.all(
      [...ids, ...ids].map((variant_id, i) =>
        orgCall(t, user, 'POST', '/v1/variants/quantity', { variant_id, quantity: (i * 7) % 50 }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));
    expect(await aggregateMismatches(t.db.db, org)).toBe(0);
    const stats = await expectStatsConsistent(t.db.db, org);
    expect(stats.stored).toEqual(stats.actual);
    // And a plain update of a quantity still moves its product's total through the triggers.
    await sql`UPDATE product_variants SET available_qty = available_qty + 5
              WHERE id = ${ids[0]!}::uuid`.execute(t.db.db);
    expect(await aggregateMismatches(t.db.db, org)).toBe(0);
  });
});
