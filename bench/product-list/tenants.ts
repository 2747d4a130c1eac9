/*
 * Tenants benchmark (issue 21 item 10): do organisations of very different sizes slow each other
 * down through the plan cache? One database, one server: a small organisation (5,000 products) is
 * measured with the database to itself, then a large one (100,000 products) is seeded beside it and
 * both are measured alone and together (each with its own clients, at the same time). Scenarios:
 * the product detail and random list pages, 10 clients per organisation, in rounds; per row
 * requests per second, p50/p99 and PostgreSQL CPU per request.
 *
 *   npx tsx bench/product-list/tenants.ts
 *   BENCH_SMALL=5000 BENCH_LARGE=100000 BENCH_DURATION=10 BENCH_ROUNDS=3 BENCH_OUTPUT=path.md   (defaults)
 *
 * Writes bench/results/product-list-tenants.md.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { createDb, type Db } from '../../apps/server/src/db/client';
import { startEmbeddedPostgres } from '../../apps/server/src/db/embedded';
import { seedCatalog } from '../../apps/server/src/modules/catalog/seed-catalog';
import { postgresCpuBetween, postgresCpuSnapshot } from './cpu';
import { load, type LoadRow } from './load';
import { PAGE_SIZE, productListScenarios, type Scenario } from './scenarios';
import { ROOT, signIn, startBenchServer, stopBench } from './server';

const SMALL = Number(process.env.BENCH_SMALL ?? 5000);
const LARGE = Number(process.env.BENCH_LARGE ?? 100_000);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 3);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CLIENTS = 10;
const SCENARIOS = ['detail', 'list-random'];
const OUTPUT = process.env.BENCH_OUTPUT ?? path.join(ROOT, 'bench/results/product-list-tenants.md');

const log = (message: string) => console.log(`[tenants] ${message}`);
const median = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

interface Tenant {
  name: 'small' | 'large';
  email: string;
  orgId: string;
  headers: Record<string, string>;
  scenarios: Map<string, Scenario>;
}

/** One row: a tenant's load in a setting, with PostgreSQL CPU per request of the whole row. */
interface Row extends LoadRow {
  setting: string;
  tenant: string;
  scenario: string;
  pgMsPerRequest: number;
}

async function seedTenant(
  db: Db,
  baseUrl: string,
  smtp: Parameters<typeof signIn>[1],
  name: Tenant['name'],
  products: number,
): Promise<Tenant> {
  const email = `tenant-${name}-${Date.now()}@example.com`;
  const user = await signIn(baseUrl, smtp, email);
  const started = Date.now();
  await seedCatalog(db, { organizationId: user.orgId, products, variants: 3, seed: 1 });
  log(`${name}: ${products} products seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  await sql`CHECKPOINT`.execute(db);
  const ids = (
    await sql<{ id: string }>`
      SELECT id FROM products WHERE organization_id = ${user.orgId} ORDER BY random() LIMIT 5000`.execute(
      db,
    )
  ).rows.map((r) => r.id);
  const scenarios = productListScenarios(Math.ceil(products / PAGE_SIZE), ids);
  return {
    name,
    email,
    orgId: user.orgId,
    headers: { authorization: `Bearer ${user.token}`, 'x-organization-id': user.orgId },
    scenarios: new Map(scenarios.map((s) => [s.name, s])),
  };
}

async function main(): Promise<void> {
  const started = Date.now();
  const loadBefore = os.loadavg();
  const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stocksync-bench-tenants-'));
  fs.chmodSync(tempDir, 0o755);
  const embedded = await startEmbeddedPostgres({ dataDir: path.join(tempDir, 'pg') });
  const url = embedded.connectionString;
  const { smtp, baseUrl, server } = await startBenchServer(url, tempDir);
  const handle = createDb(url, { max: 4 });
  const rows: Row[][] = Array.from({ length: ROUNDS }, () => []);
  try {
    /** Each tenant's load at once for every scenario; PostgreSQL CPU shared by their requests. */
    const measure = async (setting: string, tenants: Tenant[], round: number) => {
      for (const scenario of SCENARIOS) {
        const run = (t: Tenant, seconds: number) =>
          load({
            url: baseUrl,
            headers: t.headers,
            path: t.scenarios.get(scenario)!.path,
            clients: CLIENTS,
            seconds,
          });
        await Promise.all(tenants.map((t) => run(t, WARMUP)));
        const before = postgresCpuSnapshot(embedded.dataDir);
        const results = await Promise.all(tenants.map((t) => run(t, DURATION)));
        const pgMs = postgresCpuBetween(before, postgresCpuSnapshot(embedded.dataDir));
        const requests = results.reduce((n, r) => n + r.total, 0);
        tenants.forEach((t, i) => {
          const r = results[i]!;
          rows[round]!.push({
            ...r,
            setting,
            tenant: t.name,
            scenario,
            pgMsPerRequest: pgMs / requests,
          });
          log(
            `${setting} ${t.name} ${scenario}: ${r.rps.toFixed(0)} req/s, p50 ${r.p50.toFixed(2)} ms, p99 ${r.p99.toFixed(2)} ms, PostgreSQL ${(pgMs / requests).toFixed(3)} ms/request, non-2xx ${r.non2xx} (load ${os.loadavg()[0]!.toFixed(1)})`,
          );
        });
      }
    };

    const small = await seedTenant(handle.db, baseUrl, smtp, 'small', SMALL);
    for (let round = 0; round < ROUNDS; round++)
      await measure('database to itself', [small], round);
    const large = await seedTenant(handle.db, baseUrl, smtp, 'large', LARGE);
    // Access tokens last 15 minutes: sign in again for the second half.
    for (const t of [small, large]) {
      const again = await signIn(baseUrl, smtp, t.email);
      t.headers = { authorization: `Bearer ${again.token}`, 'x-organization-id': t.orgId };
    }
    for (let round = 0; round < ROUNDS; round++) {
      await measure('alone', [small], round);
      await measure('alone', [large], round);
      await measure('together', [small, large], round);
    }
    const version = (await sql<{ v: string }>`SELECT version() AS v`.execute(handle.db)).rows[0]!.v;
    writeReport(rows, { version, loadBefore, started });
  } finally {
    await stopBench({ handle, server, smtp, embedded, tempDir });
  }
}

function writeReport(
  rounds: Row[][],
  meta: { version: string; loadBefore: number[]; started: number },
): void {
  const cpu = os.cpus();
  const keyOf = (r: Row) => `${r.scenario}|${r.tenant}|${r.setting}`;
  const keys = [...new Set(rounds[0]!.map(keyOf))];
  const list = (values: number[], digits: number) =>
    values.map((v) => v.toFixed(digits)).join(' / ');
  const lines = [
    '# Product list: two organisations in one database',
    '',
    `Run ${new Date().toISOString()} at commit ${execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim()} by \`npx tsx bench/product-list/tenants.ts\`, ${((Date.now() - meta.started) / 60000).toFixed(1)} min in all: ${rounds.length} rounds, medians (each round's values in brackets).`,
    '',
    `- Data: a small organisation of ${SMALL} products and a large one of ${LARGE} products (\`seedCatalog\`, ~3 variants each), one embedded PostgreSQL (${meta.version.split(',')[0]}, default settings), one compiled server (API pool of 10 connections).`,
    `- Settings: "database to itself" is the small organisation before the large one is seeded; "alone" is one organisation's load with both in the database; "together" is both organisations' loads at the same time, ${CLIENTS} clients each. ${DURATION} s per row after ${WARMUP} s of the same load unmeasured.`,
    `- PostgreSQL CPU per request: utime + stime of the postmaster and its children over the row, divided by every request of the row (both organisations' when together).`,
    `- Machine: ${cpu.length} × ${cpu[0]?.model ?? 'unknown CPU'}, load average before the run ${list(meta.loadBefore, 1)} (shared with other work).`,
    '',
    '| scenario | organisation | setting | req/s | p50 ms | p99 ms | PostgreSQL CPU ms / request |',
    '|---|---|---|---:|---:|---:|---:|',
    ...keys.map((key) => {
      const rs = rounds.map((round) => round.find((r) => keyOf(r) === key)!);
      const cell = (f: (r: Row) => number, digits: number) =>
        `${median(rs.map(f)).toFixed(digits)} (${list(rs.map(f), digits)})`;
      const [scenario, tenant, setting] = key.split('|');
      return `| ${scenario} | ${tenant} | ${setting} | ${cell((r) => r.rps, 0)} | ${cell((r) => r.p50, 2)} | ${cell((r) => r.p99, 2)} | ${cell((r) => r.pgMsPerRequest, 3)} |`;
    }),
    '',
  ];
  fs.mkdirSync(path.dirname(OUTPUT), { recursive: true });
  fs.writeFileSync(OUTPUT, lines.join('\n'));
  log(`wrote ${OUTPUT}`);
  console.log(lines.join('\n'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
