import { afterAll, beforeAll, expect, it } from 'vitest';
import { seededRandom } from '@stocksync/emulators';
import { CHANNELS, SyncCluster, type Channel } from '../sync-harness/cluster';
import { createTestDatabase, type TestDatabase } from '../support/test-db';

/**
 * Issue 6's fault test, for real: two server processes (tsx src/main.ts) on one fresh database
 * behind a round-robin proxy, the three channel emulators in this process answering 20 % of API
 * calls with 429 or 5xx, adding latency and duplicating webhooks. A stream of sales on random
 * variants of all three channels (some of them the same variant on two channels at once) runs
 * while one server is SIGKILLed and restarted. Afterwards every channel must hold the master
 * quantity, the master must be the start minus the sales, and the ledger must count each sale once.
 */

const SALES = 200;
const PAIR_RATE = 0.2;
const KILL_AT = 80;
const RESTART_AT = 130;

let db: TestDatabase;
let cluster: SyncCluster;
let passed = false;
/** Progress lines with times, printed when the test fails. */
const progress: string[] = [];
const started = Date.now();
const note = (message: string) =>
  progress.push(`${((Date.now() - started) / 1000).toFixed(1)} s ${message}`);

beforeAll(async () => {
  db = await createTestDatabase();
  cluster = new SyncCluster({
    databaseUrl: db.url,
    servers: 2,
    products: 8,
    stock: 100,
    log: note,
  });
  await cluster.startEmulators();
  await cluster.startServers(2);
  await cluster.bootstrap();
}, 150_000);

afterAll(async () => {
  if (!passed)
    console.error(
      `sync fault test failed; server logs kept in ${cluster?.logDir}\n${progress.join('\n')}`,
    );
  await cluster?.close({ keepLogs: !passed });
  await db?.drop();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it('a stream of sales under faults, duplicated webhooks and a SIGKILLed server ends with every channel equal to the master and each sale counted once', async () => {
  const random = seededRandom(2606);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  expect(cluster.skus.length).toBeGreaterThanOrEqual(20);
  expect(cluster.startQty.size).toBe(cluster.skus.length);

  note('faults on, sales start');
  cluster.setFaults({
    rateLimitRate: 0.1,
    serverErrorRate: 0.1,
    latencyMs: 15,
    duplicateWebhookRate: 0.3,
  });
  const victim = cluster.servers[1]!;
  let restarting: Promise<void> | undefined;
  let sold = 0;
  let killed = false;
  while (sold < SALES) {
    if (sold >= KILL_AT && !killed) {
      await cluster.killServer(victim);
      killed = true;
    }
    // Restarted in the background while the sales go on.
    if (sold >= RESTART_AT && !restarting) restarting = cluster.startServer(victim);
    const sku = pick(cluster.skus);
    const quantity = random() < 0.15 ? 2 : 1;
    const first = pick(CHANNELS);
    cluster.sell(first, sku, quantity);
    sold += 1;
    if (random() < PAIR_RATE && sold < SALES) {
      // The same variant sold on another channel in the same instant.
      const second: Channel = pick(CHANNELS.filter((c) => c !== first));
      cluster.sell(second, sku, 1);
      sold += 1;
    }
    await sleep(40 + random() * 40);
  }
  await restarting;
  expect(victim.process, 'the killed server was restarted').toBeDefined();
  note(`${cluster.sales.length} sales made`);

  await cluster.waitForQuiescence({ timeoutMs: 120_000, stableMs: 2000 });
  note('quiet');

  // Every channel equals the master (checked by quiescence), and the master is start - sales.
  const masters = await cluster.masters();
  const soldBySku = new Map<string, number>();
  for (const sale of cluster.sales)
    soldBySku.set(sale.sku, (soldBySku.get(sale.sku) ?? 0) + sale.quantity);
  const expected = new Map(
    cluster.skus.map((sku) => [sku, cluster.startQty.get(sku)! - (soldBySku.get(sku) ?? 0)]),
  );
  expect(Object.fromEntries(masters)).toEqual(Object.fromEntries(expected));
  const channels = cluster.channelQuantities();
  for (const channel of CHANNELS)
    expect(Object.fromEntries(channels[channel]), channel).toEqual(Object.fromEntries(expected));

  // The ledger counts each sale once. TikTok Shop and eBay orders are applied per order line: one
  // entry per sale naming its order. Shopify sales are applied by re-reading the channel, so two
  // sales of a variant between reads may share one entry: per variant, Shopify's entries add up to
  // its sales, and no entry names an order twice or names an order that was not a sale of it.
  const ledger = (await cluster.ledger()).filter((e) => e.cause !== 'import');
  const unmatched: string[] = [];
  for (const sale of cluster.sales.filter((s) => s.channel !== 'shopify')) {
    const matches = ledger.filter(
      (e) =>
        e.cause === 'order' &&
        e.platform === sale.channel &&
        e.sku === sale.sku &&
        (e.reference ?? '').includes(sale.orderId),
    );
    if (matches.length !== 1 || matches[0]!.delta !== -sale.quantity)
      unmatched.push(
        `${sale.channel} order ${sale.orderId} ${sale.sku} x${sale.quantity}: ${JSON.stringify(matches)}`,
      );
  }
  expect(unmatched).toEqual([]);
  const sum = (entries: typeof ledger) => entries.reduce((total, e) => total + e.delta, 0);
  const shopifySales = cluster.sales.filter((s) => s.channel === 'shopify');
  for (const sku of cluster.skus) {
    expect(sum(ledger.filter((e) => e.sku === sku)), `${sku}: ledger total`).toBe(
      0 - (soldBySku.get(sku) ?? 0),
    );
    const shopifyEntries = ledger.filter((e) => e.sku === sku && e.platform === 'shopify');
    expect(sum(shopifyEntries), `${sku}: Shopify entries`).toBe(
      0 - shopifySales.filter((s) => s.sku === sku).reduce((n, s) => n + s.quantity, 0),
    );
    const orderIds = shopifySales.filter((s) => s.sku === sku).map((s) => s.orderId);
    const named = shopifyEntries.filter((e) => e.cause === 'order').map((e) => e.reference ?? '');
    expect(new Set(named).size, `${sku}: a Shopify order named twice`).toBe(named.length);
    for (const reference of named)
      expect(
        orderIds.some((id) => reference.includes(id)),
        `${sku}: ${reference} is a sale of it`,
      ).toBe(true);
  }
  expect(
    ledger.filter((e) => e.platform !== 'shopify' && e.cause === 'order').length,
    'one entry per TikTok Shop and eBay sale',
  ).toBe(cluster.sales.length - shopifySales.length);

  // Both processes did work.
  for (const server of cluster.servers)
    expect(cluster.proxy.served.get(server.url) ?? 0).toBeGreaterThan(0);
  passed = true;
}, 240_000);
