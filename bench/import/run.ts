/*
 * Import benchmark (docs/performance-budgets.md, issue 5): a Shopify emulator store of 10,000 products (~30,000
 * variants) on the standard plan, imported end to end as the product does it: POST-equivalent
 * ImportsService.start (row + graphile-worker job in one transaction), the worker runs the job
 * (bulk export through the adapter, batched multi-row upserts, aggregates refreshed per batch),
 * until the import is completed. Budget: under 30 s.
 *
 *   npx tsx bench/import/run.ts                  (fresh embedded PostgreSQL in a temp dir)
 *   BENCH_PRODUCTS=10000 BENCH_RUNS=3 …          (defaults)
 *
 * Writes bench/results/import.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { run as runWorker } from 'graphile-worker';
import type { ChannelCredentials, ChannelProduct } from '@stocksync/channels';
import { createShopifyEmulator } from '@stocksync/emulators';
import { createDb } from '../../apps/server/src/db/client';
import { startEmbeddedPostgres } from '../../apps/server/src/db/embedded';
import { migrate } from '../../apps/server/src/db/migrate';
import { createQueue } from '../../apps/server/src/jobs/queue';
import { buildTaskList, workerLogger } from '../../apps/server/src/jobs/worker';
import { encrypt } from '../../apps/server/src/lib/crypto';
import { importServices } from './services';

const ROOT = path.resolve(import.meta.dirname, '../..');
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const SHOP = 'bench-store.myshopify.com';
const BUDGET_MS = 30_000;
const log = (message: string) => console.log(`[bench] ${message}`);
const silent = {
  debug() {},
  info() {},
  warn() {},
  error: (...a: unknown[]) => console.error(...a),
};

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stocksync-bench-import-'));
  fs.chmodSync(dir, 0o755);
  const pgStart = Date.now();
  const embedded = await startEmbeddedPostgres({ dataDir: path.join(dir, 'pg') });
  log(`embedded PostgreSQL ready in ${Date.now() - pgStart} ms`);
  const url = embedded.connectionString;
  await migrate(url);
  const api = createDb(url);
  const workerDb = createDb(url, { max: 6 });
  await (await createQueue(api.pool)).close();

  const seedStart = Date.now();
  const emulator = createShopifyEmulator({
    shops: [{ domain: SHOP, products: PRODUCTS, variantsPerProduct: 3, plan: 'standard', seed: 7 }],
    bulkStartDelayMs: 0,
    bulkRunMs: 0,
  });
  const base = await emulator.listen();
  const variantsTotal = emulator.snapshot(SHOP).length;
  log(
    `emulator store seeded: ${PRODUCTS} products, ${variantsTotal} variants (${Date.now() - seedStart} ms)`,
  );

  const { channels, keys, connections, imports } = importServices(api.db, emulator, base);

  // Instrumentation: time in the channel (bulk export) and in our writes.
  let exportMs = 0;
  const adapter = channels.shopify.adapter;
  const originalExport = adapter.exportCatalogue.bind(adapter);
  adapter.exportCatalogue = async (credentials: ChannelCredentials): Promise<ChannelProduct[]> => {
    const started = performance.now();
    try {
      return await originalExport(credentials);
    } finally {
      exportMs += performance.now() - started;
    }
  };

  const runner = await runWorker({
    pgPool: workerDb.pool,
    taskList: buildTaskList({ auth: undefined as never, connections, imports }),
    concurrency: 1,
    noHandleSignals: true,
    logger: workerLogger(silent),
    pollInterval: 50,
  });

  const rows: {
    run: number;
    totalMs: number;
    exportMs: number;
    writeMs: number;
    products: number;
    variants: number;
    listings: number;
  }[] = [];
  for (let run = 1; run <= RUNS; run++) {
    // A fresh organisation each run (first import into an empty catalogue).
    const {
      rows: [user],
    } = await api.pool.query<{ id: string }>(
      `INSERT INTO users (email, verified_at) VALUES ($1, now()) RETURNING id`,
      [`bench-${run}-${Date.now()}@example.com`],
    );
    const {
      rows: [org],
    } = await api.pool.query<{ id: string }>(
      `INSERT INTO organizations (name, currency) VALUES ($1, 'USD') RETURNING id`,
      [`Bench ${run}`],
    );
    await api.pool.query(
      `INSERT INTO memberships (user_id, organization_id, role) VALUES ($1, $2, 'owner')`,
      [user!.id, org!.id],
    );
    const token = emulator.install(SHOP);
    const {
      rows: [pc],
    } = await api.pool.query<{ id: string }>(
      `INSERT INTO platform_connections (organization_id, platform, alias, external_account_id,
         shop_domain, access_token_enc, sandbox) VALUES ($1, 'shopify', 'bench', $2, $2, $3, true)
       RETURNING id`,
      [org!.id, SHOP, encrypt(token, keys.encryption)],
    );
    exportMs = 0;
    const started = performance.now();
    const { import_id } = await imports.start(org!.id, user!.id, 'shopify', {
      pc_id: pc!.id,
      all: true,
    });
    for (;;) {
      const state = await imports.get(org!.id, import_id);
      if (state.status === 'completed' || state.status === 'failed') {
        if (state.status === 'failed') throw new Error(`import failed: ${state.error}`);
        break;
      }
      await new Promise((r) => setTimeout(r, 20));
    }
    const totalMs = performance.now() - started;
    const count = async (table: string) =>
      Number(
        (
          await api.pool.query(`SELECT count(*) FROM ${table} WHERE organization_id = $1`, [
            org!.id,
          ])
        ).rows[0].count,
      );
    const row = {
      run,
      totalMs,
      exportMs,
      writeMs: totalMs - exportMs,
      products: await count('products'),
      variants: await count('product_variants'),
      listings: await count('channel_listings'),
    };
    log(
      `run ${run}: ${(totalMs / 1000).toFixed(2)} s end to end (bulk export ${(exportMs / 1000).toFixed(2)} s, queue + writes ${((totalMs - exportMs) / 1000).toFixed(2)} s); ${row.products} products, ${row.variants} variants, ${row.listings} listings`,
    );
    if (
      row.products !== PRODUCTS ||
      row.variants !== variantsTotal ||
      row.listings !== variantsTotal
    )
      throw new Error('imported counts do not match the store');
    rows.push(row);
  }

  await runner.stop();
  await emulator.close();
  await workerDb.close();
  await api.close();
  await embedded.stop();
  fs.rmSync(dir, { recursive: true, force: true });

  const sorted = [...rows].sort((a, b) => a.totalMs - b.totalMs);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  const s = (ms: number) => (ms / 1000).toFixed(2);
  const md = `# Import benchmark

\`npx tsx bench/import/run.ts\` on ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}),
${new Date().toISOString().slice(0, 10)}. Shopify emulator store of ${PRODUCTS.toLocaleString('en-US')} products /
${variantsTotal.toLocaleString('en-US')} variants on the standard plan; embedded PostgreSQL (default
settings); the import runs as the product runs it: \`ImportsService.start\` (import row and
graphile-worker job in one transaction), a worker (concurrency 1) picks the job, the adapter's bulk
export (bulkOperationRunQuery → poll → JSONL download → reassembly), then batches of 250 products
written with multi-row upserts (products, variants, listings) and the product-list aggregates
refreshed once per batch. Each run imports into a fresh organisation.

Budget: under 30 s. **Median: ${s(median.totalMs)} s** (${median.totalMs < BUDGET_MS ? 'within' : 'OVER'} budget).

| run | end to end (s) | bulk export in the adapter (s) | queue + writes + bookkeeping (s) | products | variants | listings |
| --- | --- | --- | --- | --- | --- | --- |
${rows.map((r) => `| ${r.run} | ${s(r.totalMs)} | ${s(r.exportMs)} | ${s(r.writeMs)} | ${r.products} | ${r.variants} | ${r.listings} |`).join('\n')}

Where the time goes: the "bulk export" column is the adapter call (emulator CPU for the bulk query
and JSONL, HTTP, parsing and reassembly, all in this one process on the shared cores); the rest is
the job's pickup latency, the batched writes and the per-batch aggregate refresh and progress
update. The emulator runs in the same process as the writer, so its work competes for the same
cores; against real Shopify the export is a wait rather than local CPU (and bulk operations on real
stores take longer to be ready: minutes on large stores).
`;
  fs.mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
  fs.writeFileSync(path.join(ROOT, 'bench/results/import.md'), md);
  log('wrote bench/results/import.md');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
