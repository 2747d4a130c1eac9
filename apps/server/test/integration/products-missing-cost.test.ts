import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { ErrorResponse, ListProductsResponse } from '@stocksync/contract';
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

describe('GET /v1/products?missingCost=true (the dashboard’s Missing cost card, issue 23)', () => {
  it('lists exactly the products with a variant whose cost is 0, in list and sorted order', async () => {
    const user = await signIn(t);
    const org = user.firstOrgId;
    await seedCatalog(t.db.db, {
      organizationId: org,
      products: 60,
      variants: 3,
      seed: 5,
      vacuum: false,
    });
    await sql`UPDATE product_variants SET cost_price = 1.5 WHERE organization_id = ${org}`.execute(
      t.db.db,
    );
    await sql`UPDATE product_variants SET cost_price = 0
              WHERE id IN (SELECT id FROM product_variants WHERE organization_id = ${org}
                           ORDER BY id LIMIT 9)`.execute(t.db.db);
    const { rows } = await sql<{ id: string }>`
      SELECT DISTINCT product_id AS id FROM product_variants
      WHERE organization_id = ${org} AND cost_price = 0`.execute(t.db.db);
    const expected = rows.map((r) => r.id).sort();
    expect(expected.length).toBeGreaterThan(1);

    for (const query of ['missingCost=true', 'missingCost=true&sort=title&order=desc']) {
      const response = await orgCall(t, user, 'GET', `/v1/products?${query}&pageSize=100`);
      expect(response.statusCode, query).toBe(200);
      const body = response.json<ListProductsResponse>();
      expect(body.total, query).toBe(expected.length);
      expect(body.products.map((p) => p.id).sort(), query).toEqual(expected);
    }
    const synced = await orgCall(t, user, 'GET', '/v1/products?missingCost=true&synced=true');
    const syncedCount = await sql<{ n: string }>`
      SELECT count(*)::text AS n FROM products p WHERE p.organization_id = ${org} AND p.is_synced
        AND EXISTS (SELECT 1 FROM product_variants v WHERE v.product_id = p.id AND v.cost_price = 0)`.execute(
      t.db.db,
    );
    expect(synced.json<ListProductsResponse>().total).toBe(Number(syncedCount.rows[0]!.n));
    const all = await orgCall(t, user, 'GET', '/v1/products?missingCost=false');
    expect(all.json<ListProductsResponse>().total).toBe(60);
  });

  it('refuses another value naming the field', async () => {
    const user = await signIn(t);
    const response = await orgCall(t, user, 'GET', '/v1/products?missingCost=yes');
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorResponse>().field).toBe('missingCost');
  });
});
