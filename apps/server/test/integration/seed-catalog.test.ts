import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type RawBuilder } from 'kysely';
import { SEED_CONNECTIONS, seedCatalog } from '../../src/modules/catalog/seed-catalog';
import { createTestApp, signIn, type TestApp } from '../support/app';
import { aggregateMismatches, expectStatsConsistent } from './catalog-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function count(query: RawBuilder<unknown>): Promise<number> {
  const { rows } = await (query as RawBuilder<{ n: string }>).execute(t.db.db);
  return Number(rows[0]?.n ?? 0);
}

describe('seedCatalog', () => {
  it('creates what it reports, with aggregates equal to a full recomputation', async () => {
    const user = await signIn(t);
    const org = user.firstOrgId;
    const result = await seedCatalog(t.db.db, {
      organizationId: org,
      products: 2500,
      variants: 3,
      seed: 11,
      batchSize: 1000,
    });
    expect(result.products).toBe(2500);
    expect(result.connections).toBe(SEED_CONNECTIONS.length);
    // 1 … 5 variants per product: an average near 3.
    expect(result.variants / result.products).toBeGreaterThan(2.7);
    expect(result.variants / result.products).toBeLessThan(3.3);
    expect(result.variantsWithoutSku / result.variants).toBeGreaterThan(0.05);
    expect(result.variantsWithoutSku / result.variants).toBeLessThan(0.15);
    expect(result.listings).toBeGreaterThan(result.variants);

    expect(
      await count(sql`SELECT count(*) AS n FROM products WHERE organization_id = ${org}`),
    ).toBe(2500);
    expect(
      await count(sql`SELECT count(*) AS n FROM product_variants WHERE organization_id = ${org}`),
    ).toBe(result.variants);
    expect(
      await count(
        sql`SELECT count(*) AS n FROM product_variants WHERE organization_id = ${org} AND sku = ''`,
      ),
    ).toBe(result.variantsWithoutSku);
    expect(
      await count(sql`SELECT count(*) AS n FROM channel_listings WHERE organization_id = ${org}`),
    ).toBe(result.listings);
    expect(
      await count(
        sql`SELECT count(*) AS n FROM platform_connections WHERE organization_id = ${org}`,
      ),
    ).toBe(4);

    // The stored aggregates of every product equal a recomputation from variants and listings.
    expect(await aggregateMismatches(t.db.db, org)).toBe(0);
    const { stored, actual } = await expectStatsConsistent(t.db.db, org);
    expect(stored).toEqual(actual);

    // Seeding again adds to the catalogue, reusing the connections and keeping SKUs unique.
    const again = await seedCatalog(t.db.db, {
      organizationId: org,
      products: 300,
      variants: 2,
      seed: 11,
      vacuum: false,
    });
    expect(again.connections).toBe(4);
    expect(
      await count(sql`SELECT count(*) AS n FROM products WHERE organization_id = ${org}`),
    ).toBe(2800);
    expect(
      await count(
        sql`SELECT count(*) AS n FROM platform_connections WHERE organization_id = ${org}`,
      ),
    ).toBe(4);
    const list = await t.app.inject({
      method: 'GET',
      url: '/v1/products?pageSize=1',
      headers: { ...user.headers, 'x-organization-id': org },
    });
    expect(list.json().total).toBe(2800);
  }, 120_000);

  it('is deterministic in content for a seed', async () => {
    const a = await signIn(t);
    const b = await signIn(t);
    await seedCatalog(t.db.db, {
      organizationId: a.firstOrgId,
      products: 50,
      variants: 2,
      seed: 42,
      vacuum: false,
    });
    await seedCatalog(t.db.db, {
      organizationId: b.firstOrgId,
      products: 50,
      variants: 2,
      seed: 42,
      vacuum: false,
    });
    const titles = async (org: string) =>
      (
        await t.db.db
          .selectFrom('products')
          .select(['title', 'variant_count', 'available_qty'])
          .where('organization_id', '=', org)
          .orderBy('created_at')
          .execute()
      ).map((r) => `${r.title}/${r.variant_count}/${r.available_qty}`);
    expect(await titles(a.firstOrgId)).toEqual(await titles(b.firstOrgId));
  });
});
