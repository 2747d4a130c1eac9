/*
 * Sale-path contention (docs/decisions/0059): order entries of one organisation and one channel on
 * the same UTC day, each its own transaction as an order intake commits it, through
 * stock_apply_change (so the ledger's sales trigger runs), on random variants of a catalogue of
 * BENCH_PRODUCTS products, at 1 and 10 clients. Before 0059 every such sale upserted the day's
 * per-channel analytics row, so concurrent sales waited for each other's commit; after it, each
 * appends a pending row. BENCH_TREE runs another tree's migrations and definitions (e.g. a
 * `git archive` of the commit before, with node_modules linked) on the same bench.
 *
 *   npx tsx bench/analytics/sale-contention.ts
 *   BENCH_TREE=/tmp/before BENCH_PRODUCTS=2000 BENCH_DURATION=15 BENCH_CLIENTS=1,10 …
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createDb } from '../../apps/server/src/db/client';
import { startEmbeddedPostgres } from '../../apps/server/src/db/embedded';
import { seedCatalog } from '../../apps/server/src/modules/catalog/seed-catalog';
import { summarise } from '../product-list/load';
import { ROOT } from '../product-list/server';

const TREE = path.resolve(process.env.BENCH_TREE ?? ROOT);
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 2000);
const DURATION = Number(process.env.BENCH_DURATION ?? 15);
const CLIENTS = (process.env.BENCH_CLIENTS ?? '1,10').split(',').map(Number);

const log = (message: string) => console.log(`[bench] ${message}`);

const SALE = `SELECT applied FROM stock_apply_change($1, $2, -1, NULL, 'order', $3, 'bench-order',
  NULL, $4, 'Order bench', NULL, NULL, NULL, false, now(), 9.99, 'USD')`;

/** `clients` connections selling back to back for DURATION seconds: sales/s, p50 and p99 in ms. */
async function sell(
  url: string,
  org: string,
  connection: string,
  variants: string[],
  clients: number,
) {
  const latencies: number[] = [];
  const until = Date.now() + DURATION * 1000;
  await Promise.all(
    Array.from({ length: clients }, async (_, c) => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        for (let n = 0; Date.now() < until; n++) {
          const variant = variants[Math.floor(Math.random() * variants.length)]!;
          const began = performance.now();
          await client.query(SALE, [variant, org, connection, `bench:${clients}:${c}:${n}`]);
          latencies.push(performance.now() - began);
        }
      } finally {
        await client.end();
      }
    }),
  );
  return { rate: latencies.length / DURATION, ...summarise(latencies) };
}

async function main(): Promise<void> {
  const { migrate } = (await import(path.join(TREE, 'apps/server/src/db/migrate.ts'))) as {
    migrate: (url: string) => Promise<string[]>;
  };
  const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stocksync-bench-sales-'));
  const embedded = await startEmbeddedPostgres({ dataDir: path.join(tempDir, 'pg') });
  const url = embedded.connectionString;
  const handle = createDb(url, { max: 2 });
  try {
    await migrate(url);
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const org = (
      await admin.query<{ id: string }>(`INSERT INTO organizations (name)
      VALUES ('bench') RETURNING id`)
    ).rows[0]!.id;
    await seedCatalog(handle.db, { organizationId: org, products: PRODUCTS, variants: 3, seed: 1 });
    const connection = (
      await admin.query<{ id: string }>(
        'SELECT id FROM platform_connections WHERE organization_id = $1 ORDER BY id LIMIT 1',
        [org],
      )
    ).rows[0]!.id;
    const variants = (
      await admin.query<{ id: string }>(
        'SELECT id FROM product_variants WHERE organization_id = $1',
        [org],
      )
    ).rows.map((r) => r.id);
    const trigger = (
      await admin.query<{ name: string }>(`SELECT string_agg(tgname, ', ') AS name
      FROM pg_trigger WHERE tgrelid = 'inventory_ledger'::regclass AND tgname LIKE '%sales%'`)
    ).rows[0]!.name;
    await admin.end();
    log(`tree ${TREE}; ${variants.length} variants; sales trigger ${trigger}`);
    // Warm-up: plans and caches.
    await sell(url, org, connection, variants, 2);
    for (const clients of CLIENTS) {
      const r = await sell(url, org, connection, variants, clients);
      log(
        `${clients} clients: ${r.rate.toFixed(0)} sales/s, p50 ${r.p50.toFixed(2)} ms, p99 ${r.p99.toFixed(2)} ms; load ${os.loadavg()[0]!.toFixed(1)}`,
      );
    }
  } finally {
    await handle.close();
    await embedded.stop();
    fs.rmSync(tempDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
