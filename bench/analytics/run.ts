/*
 * Analytics summary benchmark (issue 23, docs/decisions/0051 and 0059): GET /v1/analytics/summary for an
 * organisation with 100,000 products (~300,000 variants) and a ledger of BENCH_LEDGER entries
 * (1,000,000 then 10,000,000 by default), at 1 and 10 clients, for the default range (the last 30
 * days), 90 days and a whole year, against the compiled server in a child process and a fresh
 * embedded PostgreSQL. Budget: p99 <= 50 ms at 10 clients with 1,000,000 entries, within twice
 * that with 10,000,000.
 *
 * The ledger is written set-wise straight into inventory_ledger (seedLedger: its sales are then
 * aggregated set-wise as the trigger and the fold job would, checked against the trigger on the
 * first 20,000 entries), spread over the last 365 days: 70% order entries (1-3 units; 70% of them
 * priced in USD, the organisation's currency, 10% in GBP, 20% without a price), the rest channel
 * edits, manual edits and reconciliations; variants drawn with a skew (a few sell far more),
 * accounts round-robin.
 *
 *   npx tsx bench/analytics/run.ts            (also `npm run bench -- analytics`)
 *   BENCH_PRODUCTS=100000 BENCH_LEDGER=1000000,10000000 BENCH_DURATION=15 BENCH_CLIENTS=1,10 …
 *   BENCH_OUTPUT=path.md   (default bench/results/analytics.md)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createDb } from '../../apps/server/src/db/client';
import { startEmbeddedPostgres } from '../../apps/server/src/db/embedded';
import { seedCatalog } from '../../apps/server/src/modules/catalog/seed-catalog';
import { load, type LoadRow } from '../product-list/load';
import { bulkLedger, checkRebuild, PENDING_COLUMNS, SALES_FROM_LEDGER } from './bulk-seed';
import { costLines, statementCosts, type StatementCost } from './statements';
import { ROOT, signIn, startBenchServer, stopBench } from '../product-list/server';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const LEDGER = (process.env.BENCH_LEDGER ?? '1000000,10000000').split(',').map(Number);
const DURATION = Number(process.env.BENCH_DURATION ?? 15);
const CLIENTS = (process.env.BENCH_CLIENTS ?? '1,10').split(',').map(Number);
const OUTPUT = process.env.BENCH_OUTPUT ?? path.join(ROOT, 'bench/results/analytics.md');
const BUDGET_MS = 50;
const CHUNK = 200_000;
const FOLD_BATCH = 500_000;
/** Entries of the first chunk, written through the sales trigger to check the set-wise path. */
const CHECKED = 20_000;
/** Large ledgers: indexes built after the entries, aggregates rebuilt once (bulk-seed.ts). */
const BULK = process.env.BENCH_BULK === '1';

const log = (message: string) => console.log(`[bench] ${message}`);
const day = (offset: number) =>
  new Date(Date.now() - offset * 86_400_000).toISOString().slice(0, 10);

const RANGES = [
  { name: 'default (30 days)', query: '', from: day(29), to: day(0) },
  { name: '90 days', query: `?from=${day(89)}&to=${day(0)}`, from: day(89), to: day(0) },
  { name: '366 days', query: `?from=${day(365)}&to=${day(0)}`, from: day(365), to: day(0) },
];
/** Also each statement's cost per range (statements.ts). */
const STATEMENTS = process.env.BENCH_STATEMENTS === '1';

/**
 * Ledger entries from `from` to `to` (exclusive), written in chunks, one statement each, straight
 * into inventory_ledger with its sales trigger off; each chunk's sales are then appended to
 * analytics_sales_pending set-wise, valued as the trigger values them (PENDING_FROM_LEDGER), and
 * folded by the fold job's own function. The first chunk is written with the trigger on, and its
 * pending rows must equal the set-wise ones (checkSetWiseSales) before the run goes on.
 */
async function seedLedger(client: pg.Client, org: string, from: number, to: number) {
  // The live events trigger announces each statement's variants in one NOTIFY, which 200,000
  // rows overflow (PostgreSQL's 8,000-byte payload limit); no client listens during the seed.
  await client.query(TRIGGER('live_events_stock', 'DISABLE'));
  if (BULK) return bulkSeed(client, org, from, to);
  for (let start = from; start < to;) {
    const checked = start === 0;
    const end = Math.min(to, start + (checked ? CHECKED : CHUNK)) - 1;
    const began = Date.now();
    const last = await lastLedgerId(client);
    if (checked) {
      // One transaction: the server's fold job cannot take the trigger's rows before the check.
      await client.query('BEGIN');
      await client.query(LEDGER_ENTRIES, [org, start, end]);
      await checkSetWiseSales(client, last);
      await client.query('COMMIT');
    } else {
      await client.query(TRIGGER('inventory_ledger_sales', 'DISABLE'));
      await client.query(LEDGER_ENTRIES, [org, start, end]);
      await client.query(TRIGGER('inventory_ledger_sales', 'ENABLE'));
      await client.query(PENDING_FROM_LEDGER, [last]);
    }
    const folded = await fold(client);
    log(
      `  ledger ${end + 1} / ${to}, ${folded} sales folded (${((Date.now() - began) / 1000).toFixed(1)} s)`,
    );
    start = end + 1;
  }
  await client.query(TRIGGER('live_events_stock', 'ENABLE'));
}

/**
 * BENCH_BULK: the first chunk as above (checked against the trigger, folded, and the rebuild
 * checked on it), the rest by bulkLedger (bulk-seed.ts).
 */
async function bulkSeed(client: pg.Client, org: string, from: number, to: number) {
  let start = from;
  if (start === 0) {
    await client.query('BEGIN');
    await client.query(LEDGER_ENTRIES, [org, 0, CHECKED - 1]);
    await checkSetWiseSales(client, '0');
    await client.query('COMMIT');
    log(`  ${await fold(client)} sales folded`);
    log(
      `  aggregates rebuilt from the ledger equal the folded ones (${await checkRebuild(client)})`,
    );
    start = CHECKED;
  }
  const chunks: { from: number; to: number }[] = [];
  for (let at = start; at < to; at += CHUNK)
    chunks.push({ from: at, to: Math.min(to, at + CHUNK) - 1 });
  await client.query(TRIGGER('inventory_ledger_sales', 'DISABLE'));
  await bulkLedger(
    client,
    chunks,
    async (a, b) => {
      await client.query(LEDGER_ENTRIES, [org, a, b]);
    },
    log,
  );
  await client.query(TRIGGER('inventory_ledger_sales', 'ENABLE'));
  await client.query(TRIGGER('live_events_stock', 'ENABLE'));
}

const LEDGER_ENTRIES = `
  INSERT INTO inventory_ledger (organization_id, variant_id, delta, qty_before, qty_after,
    cause, connection_id, idempotency_key, created_at, unit_price, currency)
  SELECT $1, v.id, d.delta, 10, 10 + d.delta, d.cause, c.ids[1 + g % array_length(c.ids, 1)],
         'bench:' || g, now() - r3 * interval '365 days',
         CASE WHEN d.cause = 'order' AND r2 < 0.8 THEN v.current_price END,
         CASE WHEN d.cause = 'order' AND r2 < 0.7 THEN 'USD'
              WHEN d.cause = 'order' AND r2 < 0.8 THEN 'GBP' END
  FROM (SELECT g, (1 + floor(power(random(), 3) * (SELECT count(*) FROM bench_variants)))::int AS n,
               random() AS r1, random() AS r2, random() AS r3
        FROM generate_series($2::bigint, $3::bigint) g) s
  JOIN bench_variants v ON v.n = s.n
  CROSS JOIN (SELECT array_agg(id) AS ids FROM platform_connections
              WHERE organization_id = $1) c
  CROSS JOIN LATERAL (SELECT CASE WHEN r1 < 0.7 THEN 'order' WHEN r1 < 0.8 THEN 'manual'
                                  WHEN r1 < 0.9 THEN 'channel_edit' ELSE 'reconciliation' END AS cause,
                             CASE WHEN r1 < 0.7 THEN -(1 + floor(r2 * 3))::int
                                  ELSE (floor(r2 * 11) - 5)::int END AS delta) d`;

/** The order entries after ledger id $1 as pending sales, valued as inventory_ledger_sales does. */
const PENDING_FROM_LEDGER = `INSERT INTO analytics_sales_pending (${PENDING_COLUMNS}) ${SALES_FROM_LEDGER}`;

/** The pending rows the trigger wrote equal those PENDING_FROM_LEDGER writes, or the run stops. */
async function checkSetWiseSales(client: pg.Client, after: string): Promise<void> {
  await client.query(`CREATE TEMP TABLE bench_by_trigger AS
                      SELECT ${PENDING_COLUMNS} FROM analytics_sales_pending`);
  await client.query('DELETE FROM analytics_sales_pending');
  await client.query(PENDING_FROM_LEDGER, [after]);
  const { rows } = await client.query<{ differ: string; rows: string }>(
    `SELECT (SELECT count(*) FROM (
               (SELECT ${PENDING_COLUMNS} FROM analytics_sales_pending
                EXCEPT ALL SELECT * FROM bench_by_trigger)
               UNION ALL
               (SELECT * FROM bench_by_trigger
                EXCEPT ALL SELECT ${PENDING_COLUMNS} FROM analytics_sales_pending)) x)::text AS differ,
            (SELECT count(*) FROM bench_by_trigger)::text AS rows`,
  );
  await client.query('DROP TABLE bench_by_trigger');
  if (rows[0]!.differ !== '0')
    throw new Error(`set-wise pending sales differ from the trigger's in ${rows[0]!.differ} rows`);
  log(`  set-wise pending sales equal the trigger's (${rows[0]!.rows} rows)`);
}

async function lastLedgerId(client: pg.Client): Promise<string> {
  const { rows } = await client.query<{ id: string }>(
    'SELECT coalesce(max(id), 0)::text AS id FROM inventory_ledger',
  );
  return rows[0]!.id;
}

/** Folds every pending sale with the fold job's function (definitions/analytics_sales_fold.sql). */
async function fold(client: pg.Client): Promise<number> {
  let total = 0;
  for (;;) {
    const { rows } = await client.query<{ n: number }>('SELECT analytics_sales_fold($1) AS n', [
      FOLD_BATCH,
    ]);
    total += rows[0]!.n;
    if (rows[0]!.n < FOLD_BATCH) return total;
  }
}

const TRIGGER = (name: string, action: 'DISABLE' | 'ENABLE') => `
  DO $$ BEGIN
    IF EXISTS (SELECT 1 FROM pg_trigger WHERE tgname = '${name}') THEN
      ALTER TABLE inventory_ledger ${action} TRIGGER ${name};
    END IF;
  END $$`;

/**
 * The seed leaves its pages dirty and some of its tables unvacuumed: the first ranges' loads then
 * ran beside the checkpointer writing the seed back and autovacuum (the default range measured
 * 355 req/s at 10 clients where the same code served 717 once settled; which of the two cost most
 * was not measured). A server in steady state has neither, so the loads start once both are done.
 */
async function settle(client: pg.Client): Promise<void> {
  const began = Date.now();
  await client.query('VACUUM ANALYZE');
  await client.query('CHECKPOINT');
  for (;;) {
    const { rows } = await client.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pg_stat_activity WHERE backend_type = 'autovacuum worker'`,
    );
    if (rows[0]!.n === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  log(
    `database settled (VACUUM ANALYZE, CHECKPOINT) in ${((Date.now() - began) / 1000).toFixed(0)} s`,
  );
}

/** Writes the figures so far (after each ledger size: a long run stopped later keeps them). */
function writeReport(loadBefore: number[], results: Result[], costs: StatementCost[]): void {
  const loadAfter = os.loadavg();
  const lines = [
    '# Analytics summary benchmark',
    '',
    `Command: \`npx tsx bench/analytics/run.ts\` (BENCH_PRODUCTS=${PRODUCTS}, BENCH_LEDGER=${LEDGER.join(',')}, BENCH_DURATION=${DURATION}, BENCH_CLIENTS=${CLIENTS.join(',')}).`,
    `Run ${new Date().toISOString()}, commit ${process.env.BENCH_COMMIT ?? 'working tree'}; ${os.cpus().length} cores (${os.cpus()[0]?.model ?? '?'}), shared with other engineers' builds and tests: load average ${loadBefore.map((l) => l.toFixed(1)).join(' ')} before, ${loadAfter.map((l) => l.toFixed(1)).join(' ')} after.`,
    `Budget: p99 <= ${BUDGET_MS} ms at 10 clients with 1,000,000 ledger entries; within 2x of that with 10,000,000.`,
    '',
    '| ledger entries | written in s | range | clients | p50 ms | p99 ms | req/s | non-2xx |',
    '| --: | --: | --- | --: | --: | --: | --: | --: |',
    ...results.map(
      (r) =>
        `| ${r.ledger.toLocaleString('en-US')} | ${r.seedSeconds.toFixed(0)} | ${r.range} | ${r.clients} | ${r.row.p50.toFixed(1)} | ${r.row.p99.toFixed(1)} | ${r.row.rps.toFixed(0)} | ${r.row.non2xx} |`,
    ),
    '',
    ...(costs.length > 0 ? costLines(costs) : []),
  ];
  fs.writeFileSync(OUTPUT, lines.join('\n'));
  log(`wrote ${OUTPUT}`);
}

interface Result {
  ledger: number;
  seedSeconds: number;
  range: string;
  clients: number;
  row: LoadRow;
}

async function main(): Promise<void> {
  const loadBefore = os.loadavg();
  const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stocksync-bench-analytics-'));
  fs.chmodSync(tempDir, 0o755);
  const embedded = await startEmbeddedPostgres({ dataDir: path.join(tempDir, 'pg') });
  const url = embedded.connectionString;
  const { smtp, baseUrl, server } = await startBenchServer(url, tempDir);
  const handle = createDb(url, { max: 2 });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  // The seed's own session only (the server's are untouched): its folds group hundreds of
  // thousands of rows per statement.
  await client.query("SET work_mem = '256MB'");
  await client.query("SET maintenance_work_mem = '512MB'");
  const results: Result[] = [];
  const costs: StatementCost[] = [];
  try {
    const email = `bench-analytics-${Date.now()}@example.com`;
    const user = await signIn(baseUrl, smtp, email);
    log(`seeding ${PRODUCTS} products`);
    const seeded = await seedCatalog(handle.db, {
      organizationId: user.orgId,
      products: PRODUCTS,
      variants: 3,
      seed: 1,
    });
    log(`catalogue: ${seeded.products} products, ${seeded.variants} variants`);
    await client.query(
      `CREATE TABLE bench_variants AS
       SELECT row_number() OVER (ORDER BY random())::int AS n, id, current_price
       FROM product_variants WHERE organization_id = $1`,
      [user.orgId],
    );
    await client.query('CREATE UNIQUE INDEX ON bench_variants (n)');
    let written = 0;
    for (const size of LEDGER) {
      const began = Date.now();
      log(`ledger to ${size} entries`);
      await seedLedger(client, user.orgId, written, size);
      written = size;
      const seedSeconds = (Date.now() - began) / 1000;
      await settle(client);
      const { rows } = await client.query<{ spans: string }>(
        `SELECT string_agg(span || ' days: ' || n, ', ' ORDER BY span) AS spans
         FROM (SELECT span, count(*) AS n FROM analytics_sales_variant_blocks
               WHERE organization_id = $1 GROUP BY span) s`,
        [user.orgId],
      );
      log(
        `${size} entries (${seedSeconds.toFixed(0)} s); per-variant block rows: ${rows[0]!.spans}`,
      );
      // Signed in again: access tokens last 15 minutes, and seeding takes longer on this machine.
      const session = await signIn(baseUrl, smtp, email);
      const headers = { authorization: `Bearer ${session.token}`, 'x-organization-id': user.orgId };
      for (const range of RANGES) {
        // Warm-up: plans and caches, as a server in steady state has them.
        await load({
          url: baseUrl,
          headers,
          path: () => `/v1/analytics/summary${range.query}`,
          clients: 2,
          seconds: 3,
        });
        for (const clients of CLIENTS) {
          const row = await load({
            url: baseUrl,
            headers,
            path: () => `/v1/analytics/summary${range.query}`,
            clients,
            seconds: DURATION,
          });
          log(
            `${range.name} @${clients}: p50 ${row.p50.toFixed(1)} ms, p99 ${row.p99.toFixed(1)} ms, ${row.rps.toFixed(0)} req/s, non-2xx ${row.non2xx}`,
          );
          results.push({ ledger: size, seedSeconds, range: range.name, clients, row });
        }
      }
      if (STATEMENTS) {
        log('statement costs');
        const measured = await statementCosts(url, user.orgId, RANGES);
        costs.push(...measured.map((c) => ({ ...c, range: `${size}: ${c.range}` })));
      }
      writeReport(loadBefore, results, costs);
    }
  } finally {
    await client.end();
    await stopBench({ handle, server, smtp, embedded, tempDir });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
