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
let failed = false;

beforeAll(async () => {
  db = await createTestDatabase();
  cluster = new SyncCluster({ databaseUrl: db.url, servers: 2, products: 8, stock: 100 });
  try {
    await cluster.startEmulators();
    await cluster.startServers(2);
    await cluster.bootstrap();
  } catch (error) {
    failed = true;
    throw new Error(`${(error as Error).message}\nserver logs in ${cluster.logDir}`, {
      cause: error,
    });
  }
}, 150_000);

afterAll(async () => {
  await cluster?.close({ keepLogs: failed });
  if (failed) console.error(`sync fault test: server logs kept in ${cluster?.logDir}`);
  await db?.drop();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it('a stream of sales under faults, duplicated webhooks and a SIGKILLed server ends with every channel equal to the master and each sale counted once', async () => {
  try {
    const random = seededRandom(2606);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
    expect(cluster.skus.length).toBeGreaterThanOrEqual(20);
    expect(cluster.startQty.size).toBe(cluster.skus.length);

    cluster.setFaults({
      rateLimitRate: 0.1,
      serverErrorRate: 0.1,
      latencyMs: 15,
      duplicateWebhookRate: 0.3,
    });
    const victim = cluster.servers[1]!;
    let sold = 0;
    while (sold < SALES) {
      if (sold >= KILL_AT && victim.process) await cluster.killServer(victim);
      if (sold >= RESTART_AT && !victim.process) await cluster.startServer(victim);
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
    expect(victim.process, 'the killed server was restarted').toBeDefined();

    await cluster.waitForQuiescence({ timeoutMs: 90_000, stableMs: 2000 });

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

    // The ledger has exactly one order entry per sale, with the sale's quantity.
    const orders = (await cluster.ledger()).filter((e) => e.cause === 'order');
    const unmatched: string[] = [];
    const used = new Set<number>();
    for (const sale of cluster.sales) {
      const matches = orders
        .map((entry, index) => ({ entry, index }))
        .filter(
          ({ entry }) =>
            entry.platform === sale.channel &&
            entry.sku === sale.sku &&
            (entry.reference ?? '').includes(sale.orderId),
        );
      if (matches.length !== 1 || matches[0]!.entry.delta !== -sale.quantity)
        unmatched.push(
          `${sale.channel} order ${sale.orderId} ${sale.sku} x${sale.quantity}: ${JSON.stringify(matches.map((m) => m.entry))}`,
        );
      for (const m of matches) used.add(m.index);
    }
    expect(unmatched).toEqual([]);
    expect(orders.length).toBe(cluster.sales.length);
    expect(used.size).toBe(orders.length);

    // Both processes did work.
    for (const server of cluster.servers)
      expect(cluster.proxy.served.get(server.url) ?? 0).toBeGreaterThan(0);
  } catch (error) {
    failed = true;
    throw error;
  }
}, 180_000);
