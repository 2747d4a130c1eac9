/*
 * The channel SKU of every listing of the SKU conflicts benchmarks (run.ts, profile.ts): its
 * variant's SKU, except 2% an old SKU of its own (mismatch), 1% none (blank) and 0.5% another
 * variant's (a listing carrying another variant's SKU; a duplicate on the account when that
 * variant is listed there too). Variants seeded without a SKU make blanks.
 */
import type pg from 'pg';

/** Each listing's channel SKU, as described above (one statement). */
export async function seedChannelSkus(client: pg.Client, org: string): Promise<void> {
  await client.query(
    `CREATE TEMP TABLE bench_skus AS
     SELECT row_number() OVER (ORDER BY id)::int AS n, sku FROM product_variants
     WHERE organization_id = $1 AND sku <> ''`,
    [org],
  );
  await client.query('CREATE UNIQUE INDEX ON bench_skus (n)');
  const { rows } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM bench_skus');
  await client.query(
    // Drawn per listing from a hash of its id, in thousandths.
    `UPDATE channel_listings cl SET channel_sku = CASE
       WHEN (hashtext(cl.id::text)::bigint + 2147483648) % 1000 < 20 AND pv.sku <> ''
         THEN 'OLD-' || pv.sku
       WHEN (hashtext(cl.id::text)::bigint + 2147483648) % 1000 < 30 THEN ''
       WHEN (hashtext(cl.id::text)::bigint + 2147483648) % 1000 < 35 THEN
         (SELECT s.sku FROM bench_skus s
          WHERE s.n = 1 + (hashtext(cl.id::text || 'pick')::bigint + 2147483648) % $2)
       ELSE pv.sku END
     FROM product_variants pv
     WHERE pv.id = cl.variant_id AND cl.organization_id = $1`,
    [org, rows[0]!.n],
  );
  await client.query('ANALYZE channel_listings');
  // What autovacuum does after a bulk write: the page index is then read without the rows.
  await client.query('VACUUM (ANALYZE) sku_conflicts');
}
