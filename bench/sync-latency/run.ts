/*
 * Sync-latency benchmark (docs/performance-budgets.md, issue 6): three connections (Shopify, eBay, TikTok Shop)
 * sharing about 1,000 linked variants, a real server process (the build, as `npm start` runs it) on an
 * embedded PostgreSQL with the emulators in this process (test/sync-harness). For BENCH_SECONDS
 * (60) buyers try BENCH_RATE (50) purchases per second on the emulators (45 % Shopify, 45 % TikTok
 * Shop, both by webhook; 10 % eBay, by ORDER_CONFIRMATION notification, with getOrders polled every
 * second as the safety net); a purchase only
 * happens when the channel shows stock. Measured for each sale: from the sale to the arrival (the
 * emulators' request log) of the request that brought the last other channel the new quantity.
 * At the end, after the cluster is quiet: master vs start minus sales (lost / double-counted) and
 * every channel vs the master. The same stream of purchase attempts is replayed against a model of
 * 15-minute polling to count oversold sales under each.
 *
 *   npm run bench -- sync-latency
 *   BENCH_RUNS=3 BENCH_SECONDS=60 BENCH_RATE=50 BENCH_VARIANTS=1000 BENCH_SERVERS=1   (defaults)
 *
 * Writes bench/results/sync-latency.md (and bench/results/sync-latency.json).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { generateCatalogue, seededRandom } from '@stocksync/emulators';
import { startEmbeddedPostgres } from '../../apps/server/src/db/embedded';
import { CHANNELS, SyncCluster, type Channel } from '../../apps/server/test/sync-harness/cluster';
import { startCpuWindow } from './cpu-probe';
import { analyse, type Attempt, type RunResult } from './analysis';
import { writeReport } from './report';

const ROOT = path.resolve(import.meta.dirname, '../..');
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const RATE = Number(process.env.BENCH_RATE ?? 50);
const VARIANTS = Number(process.env.BENCH_VARIANTS ?? 1000);
const SERVERS = Number(process.env.BENCH_SERVERS ?? 1);
/**
 * Seconds of sales before the measured stream, on the variants that are not hot, then a wait for
 * quiescence: the stream then measures a warm server (compiled code, pooled connections with their
 * prepared statements), as a seller's long-running one is. 0 measures from a cold start.
 */
const WARMUP = Number(process.env.BENCH_WARMUP_SECONDS ?? 10);
/**
 * BENCH_PROFILE=1: where the time goes while the sales run. CPU seconds of this process, the servers
 * and PostgreSQL (from /proc), PostgreSQL's 25 costliest statements (pg_stat_statements), and a V8
 * CPU profile of each server process (--cpu-prof, in the run's log directory + "-profiles").
 */
const PROFILE = process.env.BENCH_PROFILE === '1';
/** The store's API plan: its cost bucket decides how many reads and writes per second it allows. */
const SHOPIFY_PLAN = (process.env.BENCH_SHOPIFY_PLAN ?? 'standard') as
  'standard' | 'advanced' | 'plus' | 'enterprise';
const VARIANTS_PER_PRODUCT = 3;
/** Share of purchases on the hot variants, and how many there are. */
const HOT_SHARE = 0.6;
const HOT_VARIANTS = 50;
const MIX: [Channel, number][] = [
  ['shopify', 0.45],
  ['tiktok', 0.45],
  ['ebay', 0.1],
];
const log = (message: string) => console.log(`[bench] ${message}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Clusters still running (closed by the signal handler on an interrupted run). */
const clusters = new Set<SyncCluster>();

/** Smallest catalogue (products of generateCatalogue) with at least `variants` variants. */
function productsFor(variants: number): number {
  const catalogue = generateCatalogue({
    products: variants,
    seed: 61,
    variantsPerProduct: VARIANTS_PER_PRODUCT,
    missingSkuRate: 0,
  });
  let total = 0;
  for (const [index, product] of catalogue.entries()) {
    total += product.variants.length;
    if (total >= variants) return index + 1;
  }
  return catalogue.length;
}

/** Calls the servers made to a channel since `since`, by method and path (ids and query left out). */
function callCounts(cluster: SyncCluster, channel: Channel, since: number): string {
  const counts = new Map<string, number>();
  for (const request of cluster.emulator(channel).core.recorder.list({ since })) {
    if (request.path.startsWith('/_emulator')) continue;
    const route = request.path
      .split('?')[0]!
      .replace(/\/[0-9A-Za-z_-]*\d[0-9A-Za-z_-]*(?=\/|$)/g, '/:id');
    const query = (request.body as { query?: unknown } | undefined)?.query;
    const operation = typeof query === 'string' ? (/\{\s*(\w+)/.exec(query)?.[1] ?? '') : '';
    const name = `${request.method} ${route}${operation ? ` ${operation}` : ''}`;
    counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .map(([name, n]) => `${name} ${n}`)
    .join(', ');
}

const pick = (random: () => number, skus: string[]) => skus[Math.floor(random() * skus.length)]!;

/**
 * BENCH_RATE purchase attempts per second for `seconds` on SKUs from `sku`, on a channel drawn
 * from MIX; an attempt buys one unit only if that channel shows stock, like a buyer would.
 */
async function drive(
  cluster: SyncCluster,
  random: () => number,
  seconds: number,
  sku: () => string,
): Promise<Attempt[]> {
  const pickChannel = (): Channel => {
    let roll = random();
    for (const [channel, share] of MIX) if ((roll -= share) < 0) return channel;
    return 'shopify';
  };
  const attempts: Attempt[] = [];
  const interval = 1000 / RATE;
  const total = Math.round(seconds * RATE);
  const start = performance.now();
  for (let i = 0; i < total; i++) {
    const wait = start + i * interval - performance.now();
    if (wait > 0) await sleep(wait);
    const chosen = sku();
    const channel = pickChannel();
    const at = performance.timeOrigin + performance.now();
    if (cluster.channelQty(channel, chosen) >= 1) {
      const sale = cluster.sell(channel, chosen, 1);
      attempts.push({ at: sale.at, channel, sku: chosen, quantity: 1, accepted: true });
    } else {
      attempts.push({ at, channel, sku: chosen, quantity: 1, accepted: false });
    }
  }
  return attempts;
}

async function query(databaseUrl: string, text: string): Promise<pg.QueryResult> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

/** One list of pg_stat_statements rows: calls, total ms, mean ms, rows and the statement. */
async function logStatements(
  databaseUrl: string,
  title: string,
  list: { where: string; orderBy: 'total_exec_time' | 'calls'; limit: number; width: number },
): Promise<void> {
  const { rows } = await query(
    databaseUrl,
    `SELECT calls, round(total_exec_time)::int AS total_ms, round(mean_exec_time::numeric, 3) AS mean_ms,
            rows, regexp_replace(query, '\\s+', ' ', 'g') AS query
       FROM pg_stat_statements WHERE ${list.where} ORDER BY ${list.orderBy} DESC LIMIT ${list.limit}`,
  );
  log(`${title} (calls, total ms, mean ms, rows, statement):`);
  for (const row of rows)
    log(
      `  ${row.calls} ${row.total_ms} ${row.mean_ms} ${row.rows} ${String(row.query).slice(0, list.width)}`,
    );
}

/** The statements that cost PostgreSQL the most time since the sales began (BENCH_PROFILE). */
async function logStatementStats(databaseUrl: string, run: number): Promise<void> {
  const totals = await query(
    databaseUrl,
    `SELECT (sum(calls) FILTER (WHERE toplevel))::int AS calls,
            round(sum(total_exec_time) FILTER (WHERE toplevel))::int AS exec_ms,
            round(sum(total_plan_time) FILTER (WHERE toplevel))::int AS plan_ms FROM pg_stat_statements`,
  );
  log(`run ${run}: statements ${JSON.stringify(totals.rows[0])}`);
  await logStatements(databaseUrl, `run ${run}: costliest statements`, {
    where: 'toplevel',
    orderBy: 'total_exec_time',
    limit: 25,
    width: 300,
  });
  // Round trips cost both processes far more than most statements' execution: the most frequent.
  await logStatements(databaseUrl, `run ${run}: most frequent statements`, {
    where: 'toplevel',
    orderBy: 'calls',
    limit: 30,
    width: 160,
  });
  // Inside functions and triggers (track = all), and what planning costs per statement.
  await logStatements(databaseUrl, `run ${run}: costliest statements inside functions`, {
    where: 'NOT toplevel',
    orderBy: 'total_exec_time',
    limit: 12,
    width: 160,
  });
  const planned = await query(
    databaseUrl,
    `SELECT plans, round(total_plan_time)::int AS plan_ms, calls,
            regexp_replace(query, '\\s+', ' ', 'g') AS query
       FROM pg_stat_statements WHERE toplevel ORDER BY total_plan_time DESC LIMIT 8`,
  );
  log(`run ${run}: most planning (plans, plan ms, calls, statement):`);
  for (const row of planned.rows)
    log(`  ${row.plans} ${row.plan_ms} ${row.calls} ${String(row.query).slice(0, 160)}`);
}

/**
 * What the database sessions are doing, sampled every 20 ms while the sales run (BENCH_PROFILE):
 * running, waiting for a lock (and which), or idle in a transaction waiting for the server.
 */
function sampleSessions(databaseUrl: string): () => Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  const counts = new Map<string, number>();
  let samples = 0;
  let stopped = false;
  const loop = (async () => {
    await client.connect();
    // Its own statements stay out of the statistics printed beside it.
    await client.query(`SET pg_stat_statements.track = 'none'`);
    while (!stopped) {
      const { rows } = await client.query<{ what: string; n: number }>(
        `SELECT coalesce(wait_event_type || ':' || wait_event, 'CPU') || ' (' || state || ')' AS what,
                count(*)::int AS n
           FROM pg_stat_activity
          WHERE backend_type = 'client backend' AND pid <> pg_backend_pid() AND state <> 'idle'
          GROUP BY 1`,
      );
      samples++;
      for (const row of rows) counts.set(row.what, (counts.get(row.what) ?? 0) + row.n);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await client.end();
  })();
  return async () => {
    stopped = true;
    await loop;
    return [...counts]
      .sort((a, b) => b[1] - a[1])
      .map(([what, n]) => `${what} ${(n / samples).toFixed(2)}`)
      .join(', ');
  };
}

/**
 * For each SKU the quiescence check named (at most 3): its sales, what each channel received and
 * when, its ledger, and its listings' sync state, so that a unit lost or counted twice can be
 * traced to the step that did it.
 */
async function explainDifferences(
  databaseUrl: string,
  cluster: SyncCluster,
  streamStart: number,
  problems: string,
): Promise<void> {
  const skus = [...new Set(problems.match(/SYNC-[\w-]+/g) ?? [])].slice(0, 3);
  const ms = (at: number) => `${Math.round(at - streamStart)} ms`;
  for (const sku of skus) {
    log(
      `  ${sku}: sales ${JSON.stringify(cluster.sales.filter((s) => s.sku === sku).map((s) => [s.channel, s.quantity, s.orderId, ms(s.at)]))}`,
    );
    log(
      `  ${sku}: channel changes ${JSON.stringify(cluster.changes.filter((c) => c.sku === sku).map((c) => [c.channel, c.qty, ms(c.at)]))}`,
    );
    const ledger = await query(
      databaseUrl,
      `SELECT l.id, l.delta, l.qty_before, l.qty_after, l.cause, pc.platform, l.reference,
              l.idempotency_key, l.created_at
         FROM inventory_ledger l JOIN product_variants pv ON pv.id = l.variant_id
         LEFT JOIN platform_connections pc ON pc.id = l.connection_id
        WHERE pv.sku = '${sku}' ORDER BY l.id`,
    );
    for (const row of ledger.rows) log(`  ${sku}: ledger ${JSON.stringify(row)}`);
    const listings = await query(
      databaseUrl,
      `SELECT pc.platform, cl.channel_qty, cl.channel_version, cl.push_pending, cl.push_seq,
              cl.check_pending, cl.check_order_id, cl.check_reconcile, cl.seen_qty, cl.last_pushed_at,
              cl.confirmed_at, cl.push_error
         FROM channel_listings cl JOIN product_variants pv ON pv.id = cl.variant_id
         JOIN platform_connections pc ON pc.id = cl.connection_id WHERE pv.sku = '${sku}'`,
    );
    for (const row of listings.rows) log(`  ${sku}: listing ${JSON.stringify(row)}`);
  }
}

async function runOnce(adminUrl: string, run: number, pgDataDir: string): Promise<RunResult> {
  const database = `bench_sync_${run}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  if (PROFILE) await query(url.toString(), 'CREATE EXTENSION IF NOT EXISTS pg_stat_statements');

  const random = seededRandom(6000 + run);
  const logDir = path.join(os.tmpdir(), `stocksync-bench-sync-${run}`);
  fs.rmSync(logDir, { recursive: true, force: true });
  const cluster = new SyncCluster({
    databaseUrl: url.toString(),
    servers: SERVERS,
    shopifyPlan: SHOPIFY_PLAN,
    products: productsFor(VARIANTS),
    variantsPerProduct: VARIANTS_PER_PRODUCT,
    // Hot variants have enough stock for about 50 s of their share of purchases; the rest plenty.
    stock: (_sku, index) => (index < HOT_VARIANTS ? 20 : 10),
    watch: true,
    command: 'dist',
    ...(PROFILE ? { nodeFlags: ['--cpu-prof', `--cpu-prof-dir=${logDir}-profiles`] } : {}),
    env: {
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
    },
    logDir,
    log,
  });
  clusters.add(cluster);
  try {
    const setupStart = Date.now();
    await cluster.startEmulators();
    await cluster.startServers(SERVERS);
    await cluster.bootstrap(180_000);
    log(
      `run ${run}: ${cluster.skus.length} linked variants on 3 channels, ${cluster.productIds.length} products, aligned in ${((Date.now() - setupStart) / 1000).toFixed(1)} s`,
    );

    const hot = cluster.skus.slice(0, HOT_VARIANTS);
    const cold = cluster.skus.slice(HOT_VARIANTS);
    if (WARMUP > 0) {
      // Unmeasured, on the other variants only (the hot ones keep their stock for the stream).
      const warm = await drive(cluster, random, WARMUP, () => pick(random, cold));
      await cluster.waitForQuiescence({ timeoutMs: 120_000, stableMs: 3000 });
      await cluster.restartMeasurement();
      log(`run ${run}: warmed up with ${warm.filter((a) => a.accepted).length} sales`);
    }
    let endCpu: (() => Record<string, number>) | null = null;
    let endSessions: (() => Promise<string>) | null = null;
    if (PROFILE) {
      await query(url.toString(), 'SELECT pg_stat_statements_reset()');
      endSessions = sampleSessions(url.toString());
      endCpu = startCpuWindow({
        servers: cluster.servers.flatMap((s) => (s.process?.pid ? [s.process.pid] : [])),
        postmaster: Number(
          fs.readFileSync(path.join(pgDataDir, 'postmaster.pid'), 'utf8').split('\n')[0],
        ),
      });
    }
    const start = performance.now();
    const attempts = await drive(cluster, random, SECONDS, () =>
      random() < HOT_SHARE ? pick(random, hot) : pick(random, cluster.skus),
    );
    const driveSeconds = (performance.now() - start) / 1000;
    log(
      `run ${run}: ${attempts.length} purchase attempts in ${driveSeconds.toFixed(1)} s, ${cluster.sales.length} sales`,
    );
    const streamStart = performance.timeOrigin + start;
    if (endCpu) {
      log(`run ${run}: CPU seconds while selling ${JSON.stringify(endCpu())}`);
      if (endSessions)
        log(`run ${run}: active database sessions on average: ${await endSessions()}`);
      await logStatementStats(url.toString(), run);
    }

    let quiet = true;
    try {
      await cluster.waitForQuiescence({ timeoutMs: 120_000, stableMs: 3000 });
    } catch (error) {
      quiet = false;
      const message = (error as Error).message;
      log(`run ${run}: ${message.split('\n').slice(0, 6).join(' | ')}`);
      await explainDifferences(url.toString(), cluster, streamStart, message);
    }
    // A server that stopped answering leaves the master unknown: reported, not taken as zero.
    const masters = await cluster.masters().catch((error: unknown) => {
      log(`run ${run}: master unreadable: ${(error as Error).message}`);
      return new Map<string, number>();
    });
    const channels = cluster.channelQuantities();
    for (const channel of CHANNELS)
      log(`run ${run}: ${channel} API calls ${callCounts(cluster, channel, streamStart)}`);
    const result = analyse({
      run,
      skus: cluster.skus,
      startQty: cluster.startQty,
      attempts,
      sales: cluster.sales,
      changes: cluster.changes,
      masters,
      channels,
      driveSeconds,
      quiet,
    });
    return { ...result, products: cluster.productIds.length, servers: SERVERS };
  } finally {
    clusters.delete(cluster);
    await cluster.close();
  }
}

async function main() {
  // The server as `npm start` runs it: the ahead-of-time build (docs/decisions/0012).
  execFileSync(process.execPath, [path.join(ROOT, 'apps/server/build.mjs')], {
    cwd: path.join(ROOT, 'apps/server'),
    stdio: 'inherit',
  });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stocksync-bench-sync-'));
  fs.chmodSync(dir, 0o755);
  const embedded = await startEmbeddedPostgres({
    dataDir: path.join(dir, 'pg'),
    ...(PROFILE
      ? {
          settings: {
            shared_preload_libraries: 'pg_stat_statements',
            'pg_stat_statements.track': 'all',
            'pg_stat_statements.track_planning': 'on',
          },
        }
      : {}),
  });
  // Interrupted: stop PostgreSQL (the server processes stop with the cluster's own process group).
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => {
      void cleanup().finally(() => process.exit(130));
    });
  log(`embedded PostgreSQL at ${embedded.connectionString.replace(/:[^:@/]*@/, ':***@')}`);
  const results: RunResult[] = [];
  async function cleanup() {
    for (const cluster of clusters) await cluster.close().catch(() => undefined);
    await embedded.stop().catch(() => undefined);
    fs.rmSync(dir, { recursive: true, force: true });
  }
  try {
    for (let run = 1; run <= RUNS; run++) {
      const result = await runOnce(embedded.connectionString, run, path.join(dir, 'pg'));
      results.push(result);
      if (PROFILE)
        log(
          `run ${run}: p50 / p99 ms by 5 s of the stream: ${result.timeline.map((w) => `${w.fromSecond}s ${w.p50}/${w.p99}`).join(', ')}`,
        );
      log(
        `run ${run}: all sales p50 ${result.all.p50} ms, p99 ${result.all.p99} ms; by origin p50 ${result.byOrigin.shopify.p50} / ${result.byOrigin.tiktok.p50} / ${result.byOrigin.ebay.p50} ms, p99 ${result.byOrigin.shopify.p99} / ${result.byOrigin.tiktok.p99} / ${result.byOrigin.ebay.p99} ms (Shopify / TikTok / eBay; null: none reached every channel), ${result.all.unreflected} of ${result.all.sales} never reached every channel; lost ${result.lostUnits}, double-counted ${result.doubleCountedUnits}, oversold ${result.oversold.realTime} vs ${result.oversold.polling15m} under 15-min polling`,
      );
    }
  } finally {
    await cleanup();
  }
  writeReport(path.join(ROOT, 'bench/results'), results, {
    seconds: SECONDS,
    warmupSeconds: WARMUP,
    rate: RATE,
    variants: VARIANTS,
    hotShare: HOT_SHARE,
    hotVariants: HOT_VARIANTS,
    mix: MIX,
    channels: CHANNELS,
  });
  log('wrote bench/results/sync-latency.md');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
