/*
 * The analytics bench's large ledgers (BENCH_BULK=1, e.g. 10,000,000 entries): folding chunk by
 * chunk upserts every block row again and again, and a ledger with its indexes in place takes
 * random index inserts per entry; here the ledger's secondary indexes are dropped while the
 * entries are written set-wise and built again after, and the aggregates are built once from the
 * whole ledger in key order (rebuildSales). rebuildSales groups the same sales the trigger appends
 * (SALES_FROM_LEDGER) as the fold job's function groups them; checkRebuild compares the two on the
 * run's first, trigger-written chunk before anything else is measured.
 */
import type pg from 'pg';

/** The order entries after ledger id $1 as the trigger appends them (inventory_ledger_sales.sql). */
export const SALES_FROM_LEDGER = `
  SELECT l.organization_id, (l.created_at AT TIME ZONE 'UTC')::date AS day,
         coalesce(l.connection_id, '00000000-0000-0000-0000-000000000000') AS connection_id,
         l.variant_id, -l.delta AS units, r.revenue,
         CASE WHEN e.estimated AND e.valued THEN -l.delta ELSE 0 END AS estimated_units,
         CASE WHEN e.estimated AND e.valued THEN r.revenue ELSE 0 END AS estimated_revenue,
         CASE WHEN e.valued THEN 0 ELSE -l.delta END AS unvalued_units,
         CASE WHEN p.priced THEN l.currency WHEN NOT e.valued THEN pc.currency END AS currency,
         CASE WHEN p.priced THEN -l.delta * l.unit_price
              WHEN NOT e.valued THEN -l.delta * v.current_price END AS order_revenue,
         NOT p.priced AND NOT e.valued AS order_revenue_estimated
  FROM inventory_ledger l
  JOIN organizations o ON o.id = l.organization_id
  LEFT JOIN product_variants v ON v.id = l.variant_id
  CROSS JOIN LATERAL (SELECT l.unit_price IS NOT NULL AND l.currency IS NOT NULL AS priced) p
  LEFT JOIN LATERAL (SELECT cl.currency FROM channel_listings cl
                     WHERE cl.variant_id = v.id AND cl.currency IS NOT NULL
                     ORDER BY cl.created_at, cl.id LIMIT 1) pc ON true
  CROSS JOIN LATERAL (
    SELECT NOT p.priced OR l.currency IS DISTINCT FROM o.currency AS estimated,
           NOT (NOT p.priced OR l.currency IS DISTINCT FROM o.currency)
             OR coalesce(pc.currency, o.currency) = o.currency AS valued) e
  CROSS JOIN LATERAL (SELECT -l.delta * CASE WHEN NOT e.estimated THEN l.unit_price
                                             WHEN e.valued THEN coalesce(v.current_price, 0)
                                             ELSE 0 END AS revenue) r
  WHERE l.id > $1 AND l.cause = 'order' AND l.delta < 0`;

export const PENDING_COLUMNS = `organization_id, day, connection_id, variant_id, units, revenue,
  estimated_units, estimated_revenue, unvalued_units, currency, order_revenue,
  order_revenue_estimated`;

interface Targets {
  blocks: string;
  channels: string;
  currencies: string;
}

const TABLES: Targets = {
  blocks: 'analytics_sales_variant_blocks',
  channels: 'analytics_sales_channel_daily',
  currencies: 'analytics_sales_currency_blocks',
};

/** Every sale of the ledger grouped into `to`'s tables as analytics_sales_fold groups them. */
async function rebuildSales(client: pg.Client, to: Targets): Promise<void> {
  await client.query(`CREATE TEMP TABLE bench_sales AS ${SALES_FROM_LEDGER}`, [0]);
  // One span per statement: five sorts of the sales instead of one of five times as many rows
  // (that one had written nothing after 14 minutes at 10,000,000 entries on the shared machine).
  for (const span of [1, 4, 16, 64, 256]) {
    await client.query(`
      INSERT INTO ${to.blocks} (organization_id, span, start, variant_id, units, revenue)
      SELECT organization_id, ${span}, day - ((day - date '1970-01-01') % ${span}), variant_id,
             sum(units), sum(revenue)
      FROM bench_sales GROUP BY 1, 3, 4 ORDER BY 1, 3, 4`);
    await client.query(`
      INSERT INTO ${to.currencies}
        (organization_id, span, start, currency, units, revenue, estimated_units, estimated_revenue)
      SELECT organization_id, ${span}, day - ((day - date '1970-01-01') % ${span}), currency,
             sum(units), sum(order_revenue),
             coalesce(sum(units) FILTER (WHERE order_revenue_estimated), 0),
             coalesce(sum(order_revenue) FILTER (WHERE order_revenue_estimated), 0)
      FROM bench_sales WHERE currency IS NOT NULL GROUP BY 1, 3, 4`);
  }
  await client.query(`
    INSERT INTO ${to.channels}
      (organization_id, day, connection_id, units, revenue, estimated_units, estimated_revenue,
       unvalued_units)
    SELECT organization_id, day, connection_id, sum(units), sum(revenue), sum(estimated_units),
           sum(estimated_revenue), sum(unvalued_units)
    FROM bench_sales GROUP BY 1, 2, 3`);
  await client.query('DROP TABLE bench_sales');
}

/** The aggregates rebuilt from the ledger equal those the trigger and the fold made, or it throws. */
export async function checkRebuild(client: pg.Client): Promise<string> {
  const temp: Targets = {
    blocks: 'bench_blocks',
    channels: 'bench_channels',
    currencies: 'bench_currencies',
  };
  for (const key of Object.keys(temp) as (keyof Targets)[])
    await client.query(`CREATE TEMP TABLE ${temp[key]} (LIKE ${TABLES[key]})`);
  await rebuildSales(client, temp);
  const counts: string[] = [];
  for (const key of Object.keys(temp) as (keyof Targets)[]) {
    const { rows } = await client.query<{ differ: string; n: string }>(
      `SELECT (SELECT count(*) FROM ((TABLE ${TABLES[key]} EXCEPT ALL TABLE ${temp[key]})
               UNION ALL (TABLE ${temp[key]} EXCEPT ALL TABLE ${TABLES[key]})) x)::text AS differ,
              (SELECT count(*) FROM ${temp[key]})::text AS n`,
    );
    if (rows[0]!.differ !== '0')
      throw new Error(
        `${TABLES[key]} rebuilt differs from the folded one in ${rows[0]!.differ} rows`,
      );
    counts.push(`${TABLES[key]} ${rows[0]!.n}`);
    await client.query(`DROP TABLE ${temp[key]}`);
  }
  return counts.join(', ');
}

/**
 * Writes ledger entries with `write(from, to)` in chunks with the ledger's secondary indexes
 * dropped and built again after, then rebuilds the aggregates from the whole ledger (nothing may
 * be pending). The caller has turned the ledger's triggers off.
 */
export async function bulkLedger(
  client: pg.Client,
  chunks: { from: number; to: number }[],
  write: (from: number, to: number) => Promise<void>,
  log: (message: string) => void,
): Promise<void> {
  const { rows: indexes } = await client.query<{ name: string; definition: string }>(
    `SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS definition
     FROM pg_index i LEFT JOIN pg_constraint c ON c.conindid = i.indexrelid
     WHERE i.indrelid = 'inventory_ledger'::regclass AND c.oid IS NULL`,
  );
  for (const index of indexes) await client.query(`DROP INDEX ${index.name}`);
  let began = Date.now();
  for (const chunk of chunks) {
    await write(chunk.from, chunk.to);
    log(`  ledger ${chunk.to + 1} (${((Date.now() - began) / 1000).toFixed(0)} s so far)`);
  }
  began = Date.now();
  for (const index of indexes) await client.query(index.definition);
  log(`  ledger indexes built again (${((Date.now() - began) / 1000).toFixed(0)} s)`);
  began = Date.now();
  await client.query(`TRUNCATE ${Object.values(TABLES).join(', ')}`);
  const top = await client.query<{ definition: string }>(
    `SELECT pg_get_indexdef('analytics_sales_variant_blocks_top'::regclass) AS definition`,
  );
  await client.query('DROP INDEX analytics_sales_variant_blocks_top');
  await rebuildSales(client, TABLES);
  await client.query(top.rows[0]!.definition);
  log(`  aggregates rebuilt from the ledger (${((Date.now() - began) / 1000).toFixed(0)} s)`);
}
