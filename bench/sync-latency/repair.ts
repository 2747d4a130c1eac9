/*
 * Sync-latency, repair scenarios (issue 26, docs/decisions/0054): how long a change the channel did
 * not tell us about takes to reach the other channels, and what the incremental checks cost in API
 * calls per connection. The cluster of run.ts (a real server build on an embedded PostgreSQL, the
 * three emulators in this process), at the server's default check intervals:
 *
 * - "lost webhooks": Shopify sales for BENCH_REPAIR_SECONDS (120) at BENCH_REPAIR_RATE (2) a second
 *   while a share (BENCH_DROP_SHARE, 0.25) of Shopify's webhooks is dropped. Time to repair of a
 *   sale none of whose webhooks arrived: from the sale until eBay and TikTok Shop both show a
 *   quantity that counts it (budget p99 <= 60 s).
 * - "edits on eBay": BENCH_EBAY_EDITS (20) quantities edited on eBay (no webhook exists), one
 *   every BENCH_EBAY_EDIT_EVERY_SECONDS (12). Time to repair: until Shopify and TikTok Shop both
 *   show the edited quantity (budget p99 <= 5 min).
 *
 * API calls per connection: the incremental checks' calls the emulators recorded during each
 * scenario, scaled to a day. Lost or double-counted units are checked at the end of each.
 *
 *   npx tsx bench/sync-latency/repair.ts      writes bench/results/sync-repair.md (and .json)
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { seededRandom } from '@stocksync/emulators';
import { startEmbeddedPostgres } from '../../apps/server/src/db/embedded';
import { SyncCluster, type Channel } from '../../apps/server/test/sync-harness/cluster';
import { percentile } from './analysis';

const ROOT = path.resolve(import.meta.dirname, '../..');
const VARIANTS = Number(process.env.BENCH_VARIANTS ?? 300);
const SALES_SECONDS = Number(process.env.BENCH_REPAIR_SECONDS ?? 120);
const SALES_RATE = Number(process.env.BENCH_REPAIR_RATE ?? 2);
const DROP_SHARE = Number(process.env.BENCH_DROP_SHARE ?? 0.25);
const EDITS = Number(process.env.BENCH_EBAY_EDITS ?? 20);
const EDIT_EVERY_MS = Number(process.env.BENCH_EBAY_EDIT_EVERY_SECONDS ?? 12) * 1000;
const SHOPIFY_BUDGET_MS = 60_000;
const EBAY_BUDGET_MS = 5 * 60_000;
const log = (message: string) => console.log(`[bench] ${message}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const now = () => performance.timeOrigin + performance.now();

interface Repair {
  sku: string;
  at: number;
  /** What the other channels must show (at most, for a sale; exactly, for an edit). */
  target: number;
  /** Milliseconds until every other channel showed it; null: not within the wait. */
  repairMs: number | null;
}

interface ScenarioResult {
  name: string;
  changes: number;
  unheard: number;
  p50: number | null;
  p99: number | null;
  max: number | null;
  unrepaired: number;
  budgetMs: number;
  seconds: number;
  /** Incremental-check calls by API during the scenario, and scaled to a day, per connection. */
  calls: Array<{ api: string; calls: number; perDay: number }>;
  lostUnits: number;
  doubleCountedUnits: number;
}

/** When every channel of `others` first showed what `repair` needs, after it happened. */
function repairedAfter(
  cluster: SyncCluster,
  repair: Repair,
  others: Channel[],
  exact: boolean,
): number | null {
  let worst = 0;
  for (const channel of others) {
    const change = cluster.changes.find(
      (c) =>
        c.channel === channel &&
        c.sku === repair.sku &&
        c.at >= repair.at &&
        (exact ? c.qty === repair.target : c.qty <= repair.target),
    );
    if (!change) return null;
    worst = Math.max(worst, change.at - repair.at);
  }
  return worst;
}

async function waitForRepairs(
  pending: () => number,
  timeoutMs: number,
  what: string,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (pending() > 0 && Date.now() < deadline) await sleep(1000);
  log(`${what}: ${pending()} not repaired when the wait ended`);
}

/** Requests to a channel's emulator since `since` whose path (or GraphQL operation) matches. */
function countCalls(cluster: SyncCluster, channel: Channel, since: number, match: RegExp): number {
  return cluster
    .emulator(channel)
    .core.recorder.list({ since })
    .filter((r) => {
      const query = (r.body as { query?: unknown } | undefined)?.query;
      return match.test(`${r.method} ${r.path} ${typeof query === 'string' ? query : ''}`);
    }).length;
}

async function unitsCheck(
  cluster: SyncCluster,
  soldOrSet: Map<string, number>,
): Promise<{ lost: number; double: number }> {
  const masters = await cluster.masters();
  let lost = 0;
  let double = 0;
  for (const [sku, expected] of soldOrSet) {
    const master = masters.get(sku) ?? expected;
    if (master > expected) lost += master - expected;
    if (master < expected) double += expected - master;
  }
  return { lost, double };
}

function summary(
  name: string,
  repairs: Repair[],
  unheard: number,
  budgetMs: number,
  seconds: number,
  calls: ScenarioResult['calls'],
  units: { lost: number; double: number },
): ScenarioResult {
  const done = repairs
    .flatMap((r) => (r.repairMs === null ? [] : [r.repairMs]))
    .sort((a, b) => a - b);
  const round = (n: number | undefined) => (n === undefined ? null : Math.round(n / 100) / 10);
  return {
    name,
    changes: repairs.length,
    unheard,
    p50: done.length ? round(percentile(done, 50)) : null,
    p99: done.length ? round(percentile(done, 99)) : null,
    max: round(done.at(-1)),
    unrepaired: repairs.length - done.length,
    budgetMs,
    seconds,
    calls,
    lostUnits: units.lost,
    doubleCountedUnits: units.double,
  };
}

/** Shopify sales with a share of its webhooks dropped; the repairs of those nobody heard of. */
async function lostWebhooks(cluster: SyncCluster, random: () => number): Promise<ScenarioResult> {
  const shopify = cluster.emulator('shopify');
  const deliveries = shopify.core.webhooks.log;
  // How many webhooks one sale sends (orders/create, inventory_levels/update, ...).
  shopify.core.setFaults({ dropWebhookRate: 1 });
  const probeFrom = deliveries.length;
  cluster.sell('shopify', cluster.skus[0]!, 1);
  const perSale = deliveries.length - probeFrom;
  shopify.core.setFaults({ dropWebhookRate: 0 });
  // The probe sale is repaired by the next check (within a minute); then a clean start.
  await cluster.waitForQuiescence({ timeoutMs: 150_000, stableMs: 3000 });
  await cluster.restartMeasurement();

  const start = now();
  shopify.core.setFaults({ dropWebhookRate: DROP_SHARE });
  const sold = new Map<string, number>();
  const unheard: Repair[] = [];
  const total = Math.round(SALES_SECONDS * SALES_RATE);
  for (let i = 0; i < total; i++) {
    const wait = start + (i * 1000) / SALES_RATE - now();
    if (wait > 0) await sleep(wait);
    const sku = cluster.skus[1 + Math.floor(random() * (cluster.skus.length - 1))]!;
    if (cluster.channelQty('shopify', sku) < 1) continue;
    const from = deliveries.length;
    const sale = cluster.sell('shopify', sku, 1);
    const cumulative = (sold.get(sku) ?? 0) + 1;
    sold.set(sku, cumulative);
    // Dropped deliveries are logged at once, delivered ones later: all of this sale's dropped.
    if (deliveries.length - from >= perSale)
      unheard.push({
        sku,
        at: sale.at,
        target: Math.max(0, (cluster.startQty.get(sku) ?? 0) - cumulative),
        repairMs: null,
      });
  }
  shopify.core.setFaults({ dropWebhookRate: 0 });
  const others: Channel[] = ['ebay', 'tiktok'];
  const pending = () => {
    for (const r of unheard) r.repairMs ??= repairedAfter(cluster, r, others, false);
    return unheard.filter((r) => r.repairMs === null).length;
  };
  await waitForRepairs(pending, 2 * SHOPIFY_BUDGET_MS, 'lost webhooks');
  await cluster.waitForQuiescence({ timeoutMs: 120_000, stableMs: 3000 }).catch(() => undefined);
  const seconds = (now() - start) / 1000;
  const checks = countCalls(cluster, 'shopify', start, /ChannelsInventoryChanges/);
  const expected = new Map(
    [...sold].map(([sku, n]) => [sku, (cluster.startQty.get(sku) ?? 0) - n] as const),
  );
  log(`lost webhooks: ${cluster.sales.length} sales, ${unheard.length} with every webhook dropped`);
  return summary(
    'lost webhooks (Shopify)',
    unheard,
    unheard.length,
    SHOPIFY_BUDGET_MS,
    seconds,
    [
      {
        api: 'Shopify GraphQL ChannelsInventoryChanges',
        calls: checks,
        perDay: Math.round((checks / seconds) * 86_400),
      },
    ],
    await unitsCheck(cluster, expected),
  );
}

/** Quantities edited on eBay, which sends nothing; their repairs on Shopify and TikTok Shop. */
async function editsOnEbay(cluster: SyncCluster, random: () => number): Promise<ScenarioResult> {
  const ebay = cluster.emulator('ebay') as ReturnType<SyncCluster['emulator']> & {
    setQuantity(sku: string, quantity: number): void;
  };
  await cluster.waitForQuiescence({ timeoutMs: 120_000, stableMs: 3000 });
  await cluster.restartMeasurement();
  const start = now();
  const edits: Repair[] = [];
  const skus = [...cluster.skus].sort(() => random() - 0.5).slice(0, EDITS);
  for (const [i, sku] of skus.entries()) {
    const wait = start + i * EDIT_EVERY_MS - now();
    if (wait > 0) await sleep(wait);
    const target = Math.max(0, cluster.channelQty('ebay', sku) + 1 + Math.floor(random() * 5));
    ebay.setQuantity(sku, target);
    edits.push({ sku, at: now(), target, repairMs: null });
  }
  const others: Channel[] = ['shopify', 'tiktok'];
  const pending = () => {
    for (const r of edits) r.repairMs ??= repairedAfter(cluster, r, others, true);
    return edits.filter((r) => r.repairMs === null).length;
  };
  await waitForRepairs(pending, EBAY_BUDGET_MS + 30_000, 'edits on eBay');
  const seconds = (now() - start) / 1000;
  const reads = countCalls(cluster, 'ebay', start, /^GET \/sell\/inventory\/v1\/inventory_item\?/);
  const bulk = countCalls(cluster, 'ebay', start, /bulk_get_inventory_item/);
  return summary(
    'edits on eBay',
    edits,
    edits.length,
    EBAY_BUDGET_MS,
    seconds,
    [
      {
        api: 'eBay getInventoryItems (incremental read)',
        calls: reads,
        perDay: Math.round((reads / seconds) * 86_400),
      },
      {
        api: 'eBay bulkGetInventoryItem (reads of what differed)',
        calls: bulk,
        perDay: Math.round((bulk / seconds) * 86_400),
      },
    ],
    await unitsCheck(cluster, new Map(edits.map((e) => [e.sku, e.target]))),
  );
}

function report(results: ScenarioResult[], setupNote: string): string {
  const ms = (s: number | null) => (s === null ? '–' : `${s} s`);
  const lines = [
    '# Sync repair (incremental checks)',
    '',
    `Generated by \`npx tsx bench/sync-latency/repair.ts\` on ${new Date().toISOString().slice(0, 10)}, ${os.cpus().length} CPUs, load average at the end ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}. ${setupNote}`,
    '',
    '| scenario | changes not told (of which repaired) | time to repair p50 / p99 / max | budget (p99) | lost / double-counted units |',
    '| --- | --- | --- | --- | --- |',
    ...results.map(
      (r) =>
        `| ${r.name} | ${r.unheard} (${r.unheard - r.unrepaired}) | ${ms(r.p50)} / ${ms(r.p99)} / ${ms(r.max)} | ≤ ${r.budgetMs / 1000} s: ${r.p99 !== null && r.p99 * 1000 <= r.budgetMs && r.unrepaired === 0 ? 'met' : 'not met'} | ${r.lostUnits} / ${r.doubleCountedUnits} |`,
    ),
    '',
    '| scenario | API | calls in the scenario | seconds | per connection per day |',
    '| --- | --- | --- | --- | --- |',
    ...results.flatMap((r) =>
      r.calls.map(
        (c) => `| ${r.name} | ${c.api} | ${c.calls} | ${Math.round(r.seconds)} | ${c.perDay} |`,
      ),
    ),
    '',
  ];
  return lines.join('\n');
}

async function main() {
  execFileSync(process.execPath, [path.join(ROOT, 'apps/server/build.mjs')], {
    cwd: path.join(ROOT, 'apps/server'),
    stdio: 'inherit',
  });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stocksync-bench-repair-'));
  fs.chmodSync(dir, 0o755);
  const embedded = await startEmbeddedPostgres({ dataDir: path.join(dir, 'pg') });
  const database = `bench_repair_${Date.now()}`;
  const admin = new pg.Client({ connectionString: embedded.connectionString });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);
  await admin.end();
  const url = new URL(embedded.connectionString);
  url.pathname = `/${database}`;
  const cluster = new SyncCluster({
    databaseUrl: url.toString(),
    products: Math.ceil(VARIANTS / 3),
    variantsPerProduct: 3,
    stock: 50,
    watch: true,
    command: 'dist',
    env: { LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn' },
    logDir: path.join(os.tmpdir(), 'stocksync-bench-repair'),
    log,
  });
  const random = seededRandom(2604);
  const results: ScenarioResult[] = [];
  try {
    await cluster.startEmulators();
    await cluster.startServers(1);
    await cluster.bootstrap(180_000);
    log(`${cluster.skus.length} linked variants aligned`);
    results.push(await lostWebhooks(cluster, random));
    log(JSON.stringify(results.at(-1)));
    results.push(await editsOnEbay(cluster, random));
    log(JSON.stringify(results.at(-1)));
  } finally {
    await cluster.close();
    await embedded.stop().catch(() => undefined);
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const setup = `Setup: ${cluster.skus.length} variants linked by SKU on the Shopify, eBay and TikTok Shop emulators (this process, real HTTP), one server process (the build, as \`npm start\` runs it) on an embedded PostgreSQL, default check intervals (Shopify every 60 s, eBay every 240 s, drift settle 5 s). Lost webhooks: Shopify sales at ${SALES_RATE}/s for ${SALES_SECONDS} s with ${DROP_SHARE * 100} % of Shopify's webhooks dropped; a change counts as not told when every webhook of its sale was dropped. Edits on eBay: ${EDITS} quantities set on the eBay emulator, one every ${EDIT_EVERY_MS / 1000} s.`;
  fs.writeFileSync(path.join(ROOT, 'bench/results/sync-repair.md'), report(results, setup));
  fs.writeFileSync(
    path.join(ROOT, 'bench/results/sync-repair.json'),
    `${JSON.stringify({ setup, results }, null, 2)}\n`,
  );
  log('wrote bench/results/sync-repair.md');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
