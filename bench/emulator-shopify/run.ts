/**
 * Timing of the Shopify emulator on a large store: `npm run bench -- emulator-shopify` or
 * `npx tsx bench/emulator-shopify/run.ts [products]` (default 10,000 products, ~30,000 variants).
 * Pages the catalogue through Admin GraphQL over HTTP (cost-compliant pages and large pages) and
 * exports it through a bulk operation; the emulators must never be what a benchmark measures.
 * Prints each figure and writes them to bench/results/emulator-shopify.md.
 */
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createShopifyEmulator } from '@stocksync/emulators';

const report: string[] = [];
const log = (line: string) => {
  console.log(line);
  report.push(`- ${line}`);
};

const PRODUCTS = Number(process.argv[2] ?? 10_000);
const SHOP = 'bench.myshopify.com';

const ms = (start: number) => `${(performance.now() - start).toFixed(0)} ms`;
/** CPU time of this process (emulator and client together) since `since`, to read through machine load. */
const cpu = (since: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(since);
  return `${((used.user + used.system) / 1000).toFixed(0)} ms CPU`;
};

async function main() {
  let start = performance.now();
  const emulator = createShopifyEmulator({
    shops: [{ domain: SHOP, products: PRODUCTS, locations: 2, seed: 1 }],
    rateLimiting: false,
    bulkStartDelayMs: 0,
    bulkRunMs: 0,
  });
  const base = await emulator.listen();
  const token = emulator.install(SHOP);
  const shop = emulator.shop(SHOP);
  log(
    `load average at start: ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  log(`seeded ${shop.products.size} products / ${shop.variants.size} variants in ${ms(start)}`);

  const url = `${base}/shops/${SHOP}/admin/api/2026-07/graphql.json`;
  const post = async (query: string, variables?: Record<string, unknown>) => {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Shopify-Access-Token': token },
      body: JSON.stringify({ query, variables }),
    });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return (await res.json()) as any;
  };

  start = performance.now();
  await post('{ shop { name } }');
  log(`first request (loads the 2026-07 schema): ${ms(start)}`);

  const pageQuery = (size: number) => `query Page($cursor: String) {
    products(first: ${size}, after: $cursor) {
      pageInfo { hasNextPage endCursor }
      nodes { id title updatedAt
        variants(first: 10) { nodes { id sku price
          inventoryItem { id tracked inventoryLevels(first: 2) { nodes { location { id } quantities(names: ["available", "on_hand"]) { name quantity } } } } } } }
    }
  }`;

  for (const size of [9, 250]) {
    if (size > 9) emulator.settings.maxQueryCost = 1_000_000;
    const query = pageQuery(size);
    start = performance.now();
    const cpuStart = process.cpuUsage();
    let cursor: string | null = null;
    let pages = 0;
    let products = 0;
    let variants = 0;
    let requested: number | undefined;
    do {
      const body = await post(query, { cursor });
      if (body.errors) throw new Error(JSON.stringify(body.errors));
      pages += 1;
      requested = body.extensions.cost.requestedQueryCost;
      for (const node of body.data.products.nodes) {
        products += 1;
        variants += node.variants.nodes.length;
      }
      cursor = body.data.products.pageInfo.hasNextPage
        ? body.data.products.pageInfo.endCursor
        : null;
    } while (cursor);
    const total = performance.now() - start;
    log(
      `GraphQL paging, first: ${size} (requested cost ${requested}/page): ${products} products, ${variants} variants, ${pages} pages in ${total.toFixed(0)} ms wall, ${cpu(cpuStart)} (${(total / pages).toFixed(1)} ms/page)`,
    );
  }

  start = performance.now();
  const bulkCpu = process.cpuUsage();
  const run = await post(`mutation { bulkOperationRunQuery(query: """
    { products { edges { node { id title updatedAt
      variants { edges { node { id sku price inventoryItem { id tracked
        inventoryLevels { edges { node { location { id } quantities(names: ["available", "on_hand"]) { name quantity } } } } } } } } } } } }
  """) { bulkOperation { id status } userErrors { message } } }`);
  if (run.data.bulkOperationRunQuery.userErrors.length) {
    throw new Error(JSON.stringify(run.data.bulkOperationRunQuery.userErrors));
  }
  let op;
  for (;;) {
    const body = await post(
      '{ currentBulkOperation { id status url objectCount rootObjectCount fileSize } }',
    );
    op = body.data.currentBulkOperation;
    if (op.status === 'COMPLETED' || op.status === 'FAILED') break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const ready = performance.now() - start;
  const text = await (await fetch(op.url)).text();
  let lines = 0;
  for (const line of text.split('\n')) {
    if (!line) continue;
    JSON.parse(line);
    lines += 1;
  }
  log(
    `bulk export: ${op.status}, ${op.objectCount} objects (${op.rootObjectCount} products), ${(Number(op.fileSize) / 1e6).toFixed(1)} MB; ready after ${ready.toFixed(0)} ms, downloaded and parsed ${lines} lines at ${ms(start)} wall, ${cpu(bulkCpu)}`,
  );
  await emulator.close();
  const out = path.resolve(import.meta.dirname, '../results/emulator-shopify.md');
  writeFileSync(
    out,
    [
      '# Shopify emulator on a large store',
      '',
      `Command: \`npx tsx bench/emulator-shopify/run.ts ${PRODUCTS}\` (${new Date().toISOString()}, ${os.cpus().length} cores, Node ${process.version}).`,
      `Data: ${PRODUCTS} products, rate limiting off. Wall times include the client in the same process; CPU is the steadier figure on a shared machine.`,
      '',
      ...report,
      '',
    ].join('\n'),
  );
  console.log(`written to ${out}`);
}

await main();
