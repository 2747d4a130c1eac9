import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCatalog } from '../../src/modules/catalog/seed-catalog';
import { createTestApp, signIn, type TestApp } from '../support/app';
import { mostJoinFilterRows } from '../support/join-filter';
import { aggregateMismatches, expectStatsConsistent, orgCall } from './catalog-fixtures';

/*
 * Large listing deletes and moves (ADR 0063): the product list's aggregates stay equal to a full
 * recomputation, and no statement trigger pairs its transition tables by a nested loop, which a
 * session's cached plan from an earlier one-row statement made quadratic (30,000 listings: 78 s).
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** Every kept aggregate of the organisation that differs from a recomputation, by kind. */
async function staleAggregates(org: string) {
  const { rows } = await sql<{ sort_keys: string; buckets: string }>`
    SELECT
      (SELECT count(*) FROM products p
       LEFT JOIN product_sort_keys k ON k.product_id = p.id
       LEFT JOIN product_stock_keys q ON q.product_id = p.id
       WHERE p.organization_id = ${org}
         AND (k.product_id IS NULL OR q.product_id IS NULL
              OR k.title_key <> left(lower(p.title), 200)
              OR k.sku_key <> left(lower(p.skus), 200) OR q.available_qty <> p.available_qty
              OR k.is_synced <> p.is_synced OR q.updated_at <> p.updated_at)) AS sort_keys,
      (SELECT count(*) FROM (
         SELECT least(greatest(lowest_qty, -1), 1000) AS bucket, count(*) AS products
         FROM products WHERE organization_id = ${org} GROUP BY 1) want
       FULL JOIN (SELECT bucket, products FROM analytics_product_stock_buckets
                  WHERE organization_id = ${org}) kept USING (bucket)
       WHERE want.products IS DISTINCT FROM kept.products) AS buckets`.execute(t.db.db);
  const stats = await expectStatsConsistent(t.db.db, org);
  return {
    products: await aggregateMismatches(t.db.db, org),
    sortKeys: Number(rows[0]!.sort_keys),
    buckets: Number(rows[0]!.buckets),
    statsEqual: JSON.stringify(stats.stored) === JSON.stringify(stats.actual),
  };
}
const fresh = { products: 0, sortKeys: 0, buckets: 0, statsEqual: true };

describe('large listing deletes (ADR 0063)', () => {
  it('leave every aggregate equal to a recomputation, in time linear in their size', async () => {
    const user = await signIn(t);
    const org = user.firstOrgId;
    await seedCatalog(t.db.db, { organizationId: org, products: 1500, variants: 3, seed: 5 });
    const { rows: connections } = await sql<{ id: string; alias: string }>`
      SELECT id, alias FROM platform_connections WHERE organization_id = ${org}`.execute(t.db.db);
    const connection = (alias: string) => connections.find((c) => c.alias === alias)!.id;
    const main = connection('main-store');
    expect(await staleAggregates(org)).toEqual(fresh);

    // A new connection as the server's pool opens them: its first statements are small ones,
    // whose plans the triggers keep for the session.
    const client = new pg.Client({
      connectionString: t.db.url,
      options: '-c plan_cache_mode=force_generic_plan',
    });
    await client.connect();
    try {
      await client.query(
        `DELETE FROM channel_listings WHERE connection_id = $1 AND variant_id IN (
           SELECT id FROM product_variants WHERE product_id = (
             SELECT pv.product_id FROM channel_listings cl
             JOIN product_variants pv ON pv.id = cl.variant_id
             WHERE cl.connection_id = $1 ORDER BY cl.id LIMIT 1))`,
        [main],
      );
      await client.query(
        `UPDATE channel_listings SET connection_id = $2 WHERE id = (
           SELECT id FROM channel_listings cl WHERE connection_id = $1 AND NOT EXISTS (
             SELECT 1 FROM channel_listings o WHERE o.connection_id = $2 AND o.variant_id = cl.variant_id)
           ORDER BY id LIMIT 1)`,
        [connection('tiktok-shop'), connection('ebay-uk')],
      );
      expect(await staleAggregates(org)).toEqual(fresh);

      // Unlinking every listing of an account in one statement.
      let unlinked = 0;
      const unlinkCompared = await mostJoinFilterRows(client, async () => {
        const result = await client.query(
          `DELETE FROM channel_listings
           WHERE connection_id = $1`,
          [main],
        );
        unlinked = result.rowCount ?? 0;
      });
      expect(unlinked).toBeGreaterThan(1500);
      expect(await staleAggregates(org)).toEqual(fresh);

      // Every listing of an account moved to another account (a relink), in one statement.
      const moved = await client.query(
        `INSERT INTO platform_connections
        (organization_id, platform, alias) VALUES ($1, 'ebay', 'ebay-relinked') RETURNING id`,
        [org],
      );
      const moveCompared = await mostJoinFilterRows(client, () =>
        client.query(`UPDATE channel_listings SET connection_id = $2 WHERE connection_id = $1`, [
          connection('tiktok-shop'),
          moved.rows[0]!.id,
        ]),
      );
      expect(await staleAggregates(org)).toEqual(fresh);

      // An account erased: its listings go by the foreign key's cascade.
      const erasedCompared = await mostJoinFilterRows(client, () =>
        client.query(`DELETE FROM platform_connections WHERE id = $1`, [connection('ebay-uk')]),
      );
      expect(await staleAggregates(org)).toEqual(fresh);

      // A nested loop over two transition tables compares every pair (millions here).
      const compared = { unlinkCompared, moveCompared, erasedCompared };
      expect(Math.max(...Object.values(compared)), JSON.stringify(compared)).toBeLessThan(100_000);
    } finally {
      await client.end();
    }

    // Disconnected: listings kept, no longer counted.
    const disconnected = await orgCall(
      t,
      user,
      'DELETE',
      `/v1/platforms/${connection('outlet-store')}`,
    );
    expect(disconnected.statusCode).toBe(204);
    expect(await staleAggregates(org)).toEqual(fresh);

    // Variants deleted with their listings, a product's last ones included.
    await sql`DELETE FROM product_variants
              WHERE organization_id = ${org} AND abs(hashtext(id::text)) % 4 = 0`.execute(t.db.db);
    expect(await staleAggregates(org)).toEqual(fresh);
  });
});
