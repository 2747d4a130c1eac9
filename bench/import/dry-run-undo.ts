/*
 * Dry run and undo benchmark (issue 25 item 3, docs/performance-budgets.md): a Shopify emulator
 * store of 10,000 products (~30,000 variants). Per run, into a fresh organisation: a dry run of the
 * whole catalogue (ImportsService.preview: bulk export through the adapter, lookups, the plan, the
 * answer), the import itself (its job run in this process, as the worker runs it), then its undo
 * (ImportsService.undo: one transaction deleting every product, variant and listing it created).
 * Budget: under 30 s each.
 *
 *   npx tsx bench/import/dry-run-undo.ts          (fresh embedded PostgreSQL in a temp dir)
 *   BENCH_PRODUCTS=10000 BENCH_RUNS=3 …            (defaults)
 *
 * Writes bench/results/import-dry-run-undo.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { encrypt } from '../../apps/server/src/lib/crypto';
import { benchOrg, benchWorld } from './bench-org';
import { importServices } from './services';

const ROOT = path.resolve(import.meta.dirname, '../..');
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const SHOP = 'bench-store.myshopify.com';
const BUDGET_MS = 30_000;
const log = (message: string) => console.log(`[bench] ${message}`);
const quiet = { info() {}, warn: (m: string) => console.warn(m) };

async function main() {
  const { api, emulator, base, close } = await benchWorld('bench-undo', SHOP, PRODUCTS);
  const variantsTotal = emulator.snapshot(SHOP).length;
  log(`emulator store seeded: ${PRODUCTS} products, ${variantsTotal} variants`);
  const { keys, imports } = importServices(api.db, emulator, base);

  const rows: { run: number; dryRunMs: number; importMs: number; undoMs: number }[] = [];
  for (let run = 1; run <= RUNS; run++) {
    const { userId, orgId, pcId } = await benchOrg(api.pool, {
      label: `undo-${run}`,
      shop: SHOP,
      accessTokenEnc: encrypt(emulator.install(SHOP), keys.encryption),
    });
    const body = { pc_id: pcId, all: true } as const;

    let started = performance.now();
    const preview = await imports.preview(orgId, 'shopify', body);
    const dryRunMs = performance.now() - started;
    if (preview.totals.products.create !== PRODUCTS) throw new Error('dry run miscounted');

    started = performance.now();
    const { import_id: importId } = await imports.start(orgId, userId, 'shopify', body);
    await imports.run(importId, { attempts: 1, maxAttempts: 1, log: quiet });
    const importMs = performance.now() - started;
    if ((await imports.get(orgId, importId)).status !== 'completed') throw new Error('failed');

    started = performance.now();
    const undone = await imports.undo(orgId, userId, importId);
    const undoMs = performance.now() - started;
    if (undone.products_deleted !== PRODUCTS || undone.variants_deleted !== variantsTotal)
      throw new Error('undo miscounted');
    const left = await api.pool.query(
      `SELECT count(*) AS n FROM products WHERE organization_id = $1`,
      [orgId],
    );
    if (Number(left.rows[0].n) !== 0) throw new Error('undo left products');
    const s = (ms: number) => (ms / 1000).toFixed(2);
    log(`run ${run}: dry run ${s(dryRunMs)} s, import ${s(importMs)} s, undo ${s(undoMs)} s`);
    rows.push({ run, dryRunMs, importMs, undoMs });
  }

  await api.close();
  await close();

  const median = (pick: (r: (typeof rows)[number]) => number) =>
    [...rows.map(pick)].sort((a, b) => a - b)[Math.floor(rows.length / 2)]!;
  const s = (ms: number) => (ms / 1000).toFixed(2);
  const verdict = (ms: number) => (ms < BUDGET_MS ? 'within budget' : 'OVER budget');
  const load = os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(', ');
  const md = `# Dry-run import and undo benchmark

\`npx tsx bench/import/dry-run-undo.ts\` on ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown CPU'}),
${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, load average at the end ${load}
(the machine was shared with other engineers' builds and tests while it ran: figures are upper
bounds). Shopify emulator store of ${PRODUCTS.toLocaleString('en-US')} products /
${variantsTotal.toLocaleString('en-US')} variants; embedded PostgreSQL (default settings). Each run,
in a fresh organisation: a dry run of the whole catalogue (\`ImportsService.preview\`, what
\`POST /v1/import/shopify {all: true, dry_run: true}\` runs: the adapter's bulk export, the lookups,
the plan and the answer), then the import (its job run in this process), then its undo
(\`ImportsService.undo\`, what \`POST /v1/imports/{id}/undo\` runs: one transaction).

Budget: under 30 s each. **Median dry run: ${s(median((r) => r.dryRunMs))} s** (${verdict(median((r) => r.dryRunMs))});
**median undo: ${s(median((r) => r.undoMs))} s** (${verdict(median((r) => r.undoMs))}).

| run | dry run (s) | import (s) | undo (s) |
| --- | --- | --- | --- |
${rows.map((r) => `| ${r.run} | ${s(r.dryRunMs)} | ${s(r.importMs)} | ${s(r.undoMs)} |`).join('\n')}
`;
  fs.mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
  fs.writeFileSync(path.join(ROOT, 'bench/results/import-dry-run-undo.md'), md);
  log('wrote bench/results/import-dry-run-undo.md');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
