/*
 * SKU conflict finder benchmark (issue 25 item 2, docs/decisions/0055 and 0057):
 * GET /v1/sku-conflicts for an organisation with 100,000 products (~300,000 variants, their
 * listings on four sandbox accounts), at 1 and 10 clients: the first page of every kind, a deep
 * page, and the first page of each kind. Budget to aim for: p99 under 100 ms at 10 clients.
 *
 * seedCatalog writes listings without the SKU their channel holds; here each listing is given
 * one, set-wise: its variant's SKU, except 2% an old SKU of its own (mismatch), 1% none (blank)
 * and 0.5% another variant's (a listing carrying another variant's SKU; a duplicate on the
 * account when that variant is listed there too). Variants seeded without a SKU make blanks.
 *
 *   npx tsx bench/sku-conflicts/run.ts            (also `npm run bench -- sku-conflicts`)
 *   BENCH_PRODUCTS=100000 BENCH_DURATION=10 BENCH_CLIENTS=1,10 …   (defaults)
 *   BENCH_OUTPUT=path.md   (default bench/results/sku-conflicts.md)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { Kysely, PostgresDialect } from 'kysely';
import { createDb } from '../../apps/server/src/db/client';
import type { Database } from '../../apps/server/src/db/types';
import {
  SkuConflictsRepository,
  type ConflictKind,
} from '../../apps/server/src/modules/sync/sku-conflicts/repository';
import { startEmbeddedPostgres } from '../../apps/server/src/db/embedded';
import { seedCatalog } from '../../apps/server/src/modules/catalog/seed-catalog';
import { load, type LoadRow } from '../product-list/load';
import { seedChannelSkus } from './seed';
import { ROOT, signIn, startBenchServer, stopBench } from '../product-list/server';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CLIENTS = (process.env.BENCH_CLIENTS ?? '1,10').split(',').map(Number);
const OUTPUT = process.env.BENCH_OUTPUT ?? path.join(ROOT, 'bench/results/sku-conflicts.md');
const PAGE_SIZE = 50;
const BUDGET_MS = 100;
const KINDS = ['duplicate_on_account', 'mismatch', 'belongs_to_other_variant', 'blank'];

const log = (message: string) => console.log(`[bench] ${message}`);

interface Result {
  scenario: string;
  clients: number;
  row: LoadRow;
}

function writeReport(
  loadBefore: number[],
  sizes: Record<string, number>,
  counts: Record<string, number>,
  results: Result[],
  plans: string,
): void {
  const loadAfter = os.loadavg();
  const lines = [
    '# SKU conflict finder benchmark',
    '',
    `Command: \`npx tsx bench/sku-conflicts/run.ts\` (BENCH_PRODUCTS=${PRODUCTS}, BENCH_DURATION=${DURATION}, BENCH_CLIENTS=${CLIENTS.join(',')}).`,
    `Run ${new Date().toISOString()}, commit ${process.env.BENCH_COMMIT ?? 'working tree'}; ${os.cpus().length} cores (${os.cpus()[0]?.model ?? '?'}), ${(os.totalmem() / 2 ** 30).toFixed(1)} GB, shared with other engineers' builds and tests: load average ${loadBefore.map((l) => l.toFixed(1)).join(' ')} before, ${loadAfter.map((l) => l.toFixed(1)).join(' ')} after.`,
    `Data: ${Object.entries(sizes)
      .map(([k, v]) => `${v.toLocaleString('en-US')} ${k}`)
      .join(', ')}; conflicts: ${Object.entries(counts)
      .map(([k, v]) => `${k} ${v.toLocaleString('en-US')}`)
      .join(', ')}.`,
    `Budget to aim for: p99 under ${BUDGET_MS} ms at 10 clients for a page of ${PAGE_SIZE}. Figures are medians of each scenario's request times (p50) and its 99th percentile over ${DURATION} s.`,
    '',
    '| scenario | clients | p50 ms | p99 ms | req/s | non-2xx |',
    '| --- | --: | --: | --: | --: | --: |',
    ...results.map(
      (r) =>
        `| ${r.scenario} | ${r.clients} | ${r.row.p50.toFixed(1)} | ${r.row.p99.toFixed(1)} | ${r.row.rps.toFixed(1)} | ${r.row.non2xx} |`,
    ),
    '',
    plans,
    '',
  ];
  // Earlier runs, written by hand below the marker, are kept.
  const earlier = fs.existsSync(OUTPUT)
    ? fs.readFileSync(OUTPUT, 'utf8').split(HISTORY)[1]
    : undefined;
  fs.writeFileSync(OUTPUT, lines.join('\n') + (earlier === undefined ? '' : HISTORY + earlier));
  log(`wrote ${OUTPUT}`);
}

async function main(): Promise<void> {
  const loadBefore = os.loadavg();
  const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stocksync-bench-sku-conflicts-'));
  fs.chmodSync(tempDir, 0o755);
  const embedded = await startEmbeddedPostgres({ dataDir: path.join(tempDir, 'pg') });
  const url = embedded.connectionString;
  const { smtp, baseUrl, server } = await startBenchServer(url, tempDir);
  const handle = createDb(url, { max: 2 });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const email = `bench-sku-conflicts-${Date.now()}@example.com`;
    const user = await signIn(baseUrl, smtp, email);
    log(`seeding ${PRODUCTS} products`);
    const seeded = await seedCatalog(handle.db, {
      organizationId: user.orgId,
      products: PRODUCTS,
      variants: 3,
      seed: 1,
    });
    const skusStarted = Date.now();
    await seedChannelSkus(client, user.orgId);
    // One UPDATE of every listing's channel SKU: the conflicts' triggers and their rewrite at
    // commit included (docs/decisions/0057).
    log(`channel SKUs of every listing set in ${((Date.now() - skusStarted) / 1000).toFixed(1)} s`);
    const sizes = {
      products: seeded.products,
      variants: seeded.variants,
      'variants without a SKU': seeded.variantsWithoutSku,
      listings: seeded.listings,
    };
    log(`catalogue: ${JSON.stringify(sizes)}`);
    const headers = { authorization: `Bearer ${user.token}`, 'x-organization-id': user.orgId };
    const first = (await (
      await fetch(`${baseUrl}/v1/sku-conflicts?pageSize=${PAGE_SIZE}`, { headers })
    ).json()) as { total: number; counts: Record<string, number> };
    log(`conflicts: ${JSON.stringify(first.counts)}`);
    const deep = Math.max(1, Math.ceil((first.total * 0.9) / PAGE_SIZE));
    const scenarios = [
      { name: 'all kinds, page 1', path: `/v1/sku-conflicts?pageSize=${PAGE_SIZE}` },
      {
        name: `all kinds, page ${deep}`,
        path: `/v1/sku-conflicts?pageSize=${PAGE_SIZE}&page=${deep}`,
      },
      ...KINDS.map((kind) => ({
        name: `${kind}, page 1`,
        path: `/v1/sku-conflicts?pageSize=${PAGE_SIZE}&kind=${kind}`,
      })),
    ];
    const plans = await explainAll(client, url, user.orgId, (deep - 1) * PAGE_SIZE);
    const results: Result[] = [];
    for (const scenario of scenarios) {
      await load({ url: baseUrl, headers, path: () => scenario.path, clients: 2, seconds: 2 });
      for (const clients of CLIENTS) {
        const row = await load({
          url: baseUrl,
          headers,
          path: () => scenario.path,
          clients,
          seconds: DURATION,
        });
        log(
          `${scenario.name} @${clients}: p50 ${row.p50.toFixed(1)} ms, p99 ${row.p99.toFixed(1)} ms, ${row.rps.toFixed(1)} req/s, non-2xx ${row.non2xx}`,
        );
        results.push({ scenario: scenario.name, clients, row });
      }
      writeReport(loadBefore, sizes, first.counts, results, plans);
    }
  } finally {
    await client.end();
    await stopBench({ handle, server, smtp, embedded, tempDir });
  }
}

const HISTORY = '\n## Earlier runs\n';

/** The page statement as the repository sends it, with its parameters (nothing is run). */
async function pageStatement(
  url: string,
  org: string,
  offset: number,
  kind: ConflictKind | undefined,
): Promise<{ sql: string; parameters: readonly unknown[] }> {
  let compiled: { sql: string; parameters: readonly unknown[] } | undefined;
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 1 }) }),
    log: (event) => {
      compiled = event.query;
    },
  });
  try {
    await new SkuConflictsRepository(db).page(org, kind, offset, PAGE_SIZE);
  } finally {
    await db.destroy();
  }
  return compiled!;
}

/**
 * EXPLAIN (ANALYZE, BUFFERS) of the page statement, prepared and run as the server's connections
 * run it: with the generic plan (client.ts), whose shape a literal EXPLAIN does not show.
 */
async function explainAll(
  client: pg.Client,
  url: string,
  org: string,
  deepOffset: number,
): Promise<string> {
  const statements = [
    ['the first page of all kinds', 0, undefined],
    [`a deep page of all kinds (offset ${deepOffset})`, deepOffset, undefined],
    ['the first page of blanks', 0, 'blank'],
  ] as const;
  const sections: string[] = [];
  await client.query('SET plan_cache_mode = force_generic_plan');
  for (const [name, offset, kind] of statements) {
    const { sql, parameters } = await pageStatement(url, org, offset, kind);
    const values = parameters
      .map((v) => (v === null ? 'NULL' : client.escapeLiteral(String(v))))
      .join(', ');
    await client.query(`PREPARE bench_page AS ${sql}`);
    const { rows } = await client.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN (ANALYZE, BUFFERS) EXECUTE bench_page(${values})`,
    );
    await client.query('DEALLOCATE bench_page');
    const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
    sections.push(
      `Plan of ${name} (EXPLAIN (ANALYZE, BUFFERS) of the prepared statement under plan_cache_mode=force_generic_plan, one run):`,
      '',
      '```',
      plan,
      '```',
      '',
    );
  }
  return sections.join('\n');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
