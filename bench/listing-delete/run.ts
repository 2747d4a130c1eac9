/*
 * Large listing deletes (docs/decisions/0063): an organisation with 100,000 products (~300,000
 * variants, their listings on four sandbox accounts). Each scenario runs in a transaction that is
 * rolled back, so every round starts from the same data:
 *   - unlink: one DELETE of 30,000 listings of one account, each of another product;
 *   - erase: an account deleted, its listings going by the foreign key's cascade;
 *   - disconnect: an account marked disconnected and its products' aggregates refreshed (the
 *     listings stay).
 * Timed: the statements, then the work PostgreSQL defers to commit (SKU conflicts), forced with
 * SET CONSTRAINTS ALL IMMEDIATE. One pool connection, as the server opens them
 * (plan_cache_mode=force_generic_plan), whose first statement each round is a one-product delete
 * rolled back: the statement triggers' plans are those a server's connection keeps from its small
 * statements.
 *
 *   npx tsx bench/listing-delete/run.ts        (also `npm run bench -- listing-delete`)
 *   BENCH_PRODUCTS=100000 BENCH_LISTINGS=30000 BENCH_ROUNDS=3 BENCH_SCENARIOS=unlink,erase,disconnect
 *   (defaults)
 *   BENCH_OUTPUT=path.md   (default bench/results/listing-delete.md)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { createDb, type Db } from '../../apps/server/src/db/client';
import { startEmbeddedPostgres } from '../../apps/server/src/db/embedded';
import { migrate } from '../../apps/server/src/db/migrate';
import { systemClock } from '../../apps/server/src/lib/clock';
import { seedCatalog } from '../../apps/server/src/modules/catalog/seed-catalog';
import { StatusRepository } from '../../apps/server/src/modules/connections/status-repository';
import { OrganizationsService } from '../../apps/server/src/modules/organizations/service';
import { UsersService } from '../../apps/server/src/modules/users/service';
import { ROOT } from '../product-list/server';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const LISTINGS = Number(process.env.BENCH_LISTINGS ?? 30_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SCENARIOS = (process.env.BENCH_SCENARIOS ?? 'unlink,erase,disconnect').split(',');
const OUTPUT = process.env.BENCH_OUTPUT ?? path.join(ROOT, 'bench/results/listing-delete.md');
const HISTORY = '\n## Earlier runs\n';

const log = (message: string) => console.log(`[bench] ${message}`);
const median = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

class Rollback extends Error {}

interface Scenario {
  key: string;
  name: string;
  run: (trx: Db) => Promise<unknown>;
}

/** One round: warm-up, the scenario, commit-time work; rolled back. Milliseconds of each part. */
async function round(db: Db, scenario: Scenario, warmListing: string) {
  const times = { statements: 0, atCommit: 0 };
  await db
    .transaction()
    .execute(async (trx) => {
      await sql`SAVEPOINT warm`.execute(trx);
      // One product's listings on one account: its aggregates move, every trigger runs once.
      await sql`DELETE FROM channel_listings WHERE connection_id = (
                  SELECT connection_id FROM channel_listings WHERE id = ${warmListing})
                AND variant_id IN (
                  SELECT id FROM product_variants WHERE product_id = (
                    SELECT pv.product_id FROM channel_listings cl
                    JOIN product_variants pv ON pv.id = cl.variant_id
                    WHERE cl.id = ${warmListing}))`.execute(trx);
      await sql`SET CONSTRAINTS ALL IMMEDIATE`.execute(trx);
      await sql`ROLLBACK TO SAVEPOINT warm`.execute(trx);
      await sql`SET CONSTRAINTS ALL DEFERRED`.execute(trx);
      let started = performance.now();
      await scenario.run(trx);
      times.statements = performance.now() - started;
      started = performance.now();
      await sql`SET CONSTRAINTS ALL IMMEDIATE`.execute(trx);
      times.atCommit = performance.now() - started;
      throw new Rollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof Rollback)) throw error;
    });
  return times;
}

async function main(): Promise<void> {
  const loadBefore = os.loadavg();
  const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stocksync-bench-listing-delete-'));
  fs.chmodSync(tempDir, 0o755);
  const embedded = await startEmbeddedPostgres({ dataDir: path.join(tempDir, 'pg') });
  const url = embedded.connectionString;
  await migrate(url);
  const seeding = createDb(url, { max: 2 });
  // The rounds' own connection, opened after the seed: its plans are those its warm-ups make.
  const handle = createDb(url, { max: 1 });
  const db = handle.db;
  try {
    const now = new Date();
    const orgId = await seeding.db.transaction().execute(async (trx) => {
      const organizations = new OrganizationsService(trx, systemClock);
      const { user } = await new UsersService(trx, organizations).findOrCreateVerified(
        'bench-listing-delete@example.com',
        now,
        trx,
      );
      return (await organizations.createFirst(user.id, now, trx, 'Bench')).id;
    });
    log(`seeding ${PRODUCTS} products`);
    const seeded = await seedCatalog(seeding.db, {
      organizationId: orgId,
      products: PRODUCTS,
      variants: 3,
      seed: 1,
    });
    const { rows: accounts } = await sql<{ id: string; alias: string; listings: number }>`
      SELECT pc.id, pc.alias, count(cl.id)::int AS listings
      FROM platform_connections pc LEFT JOIN channel_listings cl ON cl.connection_id = pc.id
      WHERE pc.organization_id = ${orgId} GROUP BY pc.id, pc.alias`.execute(seeding.db);
    const account = (alias: string) => accounts.find((a) => a.alias === alias)!;
    const main = account('main-store');
    const tiktok = account('tiktok-shop');
    const { rows: picked } = await sql<{ id: string }>`
      SELECT id FROM (
        SELECT DISTINCT ON (pv.product_id) cl.id FROM channel_listings cl
        JOIN product_variants pv ON pv.id = cl.variant_id
        WHERE cl.connection_id = ${main.id} ORDER BY pv.product_id, cl.id) one_per_product
      ORDER BY md5(id::text) LIMIT ${LISTINGS}`.execute(seeding.db);
    const unlinked = picked.map((r) => r.id);
    const { rows: warm } = await sql<{ id: string }>`
      SELECT id FROM channel_listings WHERE connection_id = ${tiktok.id} LIMIT 1`.execute(
      seeding.db,
    );
    const products = async (connectionId: string) =>
      (
        await sql<{ n: number }>`
          SELECT count(DISTINCT pv.product_id)::int AS n FROM channel_listings cl
          JOIN product_variants pv ON pv.id = cl.variant_id
          WHERE cl.connection_id = ${connectionId}`.execute(seeding.db)
      ).rows[0]!.n;
    const tiktokProducts = await products(tiktok.id);

    const scenarios: Scenario[] = [
      {
        key: 'unlink',
        name: `unlink ${unlinked.length.toLocaleString('en-US')} listings (as many products)`,
        run: (trx) =>
          sql`DELETE FROM channel_listings WHERE id = ANY(${unlinked}::uuid[])`.execute(trx),
      },
      {
        key: 'erase',
        name: `erase an account (${tiktok.listings.toLocaleString('en-US')} listings, ${tiktokProducts.toLocaleString('en-US')} products)`,
        run: (trx) => new StatusRepository(trx).delete(tiktok.id),
      },
      {
        key: 'disconnect',
        name: `disconnect an account (${tiktok.listings.toLocaleString('en-US')} listings kept, ${tiktokProducts.toLocaleString('en-US')} products)`,
        run: async (trx) => {
          const status = new StatusRepository(trx);
          await status.markDisconnected(tiktok.id, new Date());
          await status.refreshAggregates(tiktok.id);
        },
      },
    ];
    const results: { name: string; statements: number[]; atCommit: number[] }[] = [];
    for (const scenario of scenarios.filter((s) => SCENARIOS.includes(s.key))) {
      const result = { name: scenario.name, statements: [] as number[], atCommit: [] as number[] };
      for (let i = 0; i < ROUNDS; i++) {
        const times = await round(db, scenario, warm[0]!.id);
        result.statements.push(times.statements);
        result.atCommit.push(times.atCommit);
        log(
          `${scenario.name}, round ${i + 1}: ${times.statements.toFixed(0)} ms + ${times.atCommit.toFixed(0)} ms at commit`,
        );
        // Rolled-back row versions out of the way of the next round.
        await sql`VACUUM products, channel_listings, platform_connections`.execute(seeding.db);
      }
      results.push(result);
    }
    writeReport(loadBefore, seeded, results);
  } finally {
    await seeding.close();
    await handle.close();
    await embedded.stop();
    fs.rmSync(tempDir, { recursive: true, force: true });
  }
}

function writeReport(
  loadBefore: number[],
  seeded: { products: number; variants: number; listings: number },
  results: { name: string; statements: number[]; atCommit: number[] }[],
): void {
  const loadAfter = os.loadavg();
  const ms = (values: number[]) => median(values).toFixed(0);
  const lines = [
    '# Large listing deletes benchmark',
    '',
    `Command: \`npx tsx bench/listing-delete/run.ts\` (BENCH_PRODUCTS=${PRODUCTS}, BENCH_LISTINGS=${LISTINGS}, BENCH_ROUNDS=${ROUNDS}, BENCH_SCENARIOS=${SCENARIOS.join(',')}).`,
    `Run ${new Date().toISOString()}, commit ${process.env.BENCH_COMMIT ?? 'working tree'}; ${os.cpus().length} cores (${os.cpus()[0]?.model ?? '?'}), ${(os.totalmem() / 2 ** 30).toFixed(1)} GB, shared with other engineers' builds and tests: load average ${loadBefore.map((l) => l.toFixed(1)).join(' ')} before, ${loadAfter.map((l) => l.toFixed(1)).join(' ')} after.`,
    `Data: ${seeded.products.toLocaleString('en-US')} products, ${seeded.variants.toLocaleString('en-US')} variants, ${seeded.listings.toLocaleString('en-US')} listings on 4 accounts. Each round in a transaction rolled back, on one pool connection warmed by a one-product delete; medians of ${ROUNDS} rounds.`,
    '',
    '| scenario | statements ms | at commit ms | total ms | rounds (statements) |',
    '| --- | --: | --: | --: | --- |',
    ...results.map(
      (r) =>
        `| ${r.name} | ${ms(r.statements)} | ${ms(r.atCommit)} | ${ms(r.statements.map((s, i) => s + r.atCommit[i]!))} | ${r.statements.map((s) => s.toFixed(0)).join(', ')} |`,
    ),
    '',
  ];
  const earlier = fs.existsSync(OUTPUT)
    ? fs.readFileSync(OUTPUT, 'utf8').split(HISTORY)[1]
    : undefined;
  fs.writeFileSync(OUTPUT, lines.join('\n') + (earlier === undefined ? '' : HISTORY + earlier));
  log(`wrote ${OUTPUT}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
