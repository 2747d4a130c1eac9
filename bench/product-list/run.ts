/*
 * Product list benchmark (DESIGN §6): an organisation with 100,000 products and ~300,000 variants;
 * GET /v1/products (first, deep, random pages of 50; a search) and GET /v1/products/{id} at 1, 10
 * and 50 concurrent clients, against the real server in a child process; then the same SQL alone.
 *
 *   npx tsx bench/product-list/run.ts            (fresh embedded PostgreSQL in a temp dir)
 *   BENCH_DATABASE_URL=postgres://… npx tsx bench/product-list/run.ts   (an empty database)
 *   BENCH_PRODUCTS=100000 BENCH_DURATION=20 …    (defaults)
 *
 * Writes bench/results/product-list.md.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { createDb } from '../../apps/server/src/db/client';
import {
  freePort,
  startEmbeddedPostgres,
  type EmbeddedDatabase,
} from '../../apps/server/src/db/embedded';
import { migrate } from '../../apps/server/src/db/migrate';
import {
  ListKeysCache,
  LIST_KEY_STEP,
} from '../../apps/server/src/modules/catalog/list-keys-cache';
import {
  ProductsRepository,
  type ListKey,
} from '../../apps/server/src/modules/catalog/products-repository';
import { VariantsRepository } from '../../apps/server/src/modules/catalog/variants-repository';
import { seedCatalog } from '../../apps/server/src/modules/catalog/seed-catalog';
import { startSmtpCapture } from '../../apps/server/test/support/smtp-capture';

const ROOT = path.resolve(import.meta.dirname, '../..');
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const VARIANTS = 3;
const DURATION = Number(process.env.BENCH_DURATION ?? 20);
const SQL_DURATION = Number(process.env.BENCH_SQL_DURATION ?? 10);
const CONNECTIONS = [1, 10, 50];
const PAGE_SIZE = 50;
const SEARCHES = ['wool mug', 'canvas backpack', 'retro lamp', 'cork notebook', 'silk scarf'];

const log = (message: string) => console.log(`[bench] ${message}`);
const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;
const randomInt = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1));

interface SqlRow {
  scenario: string;
  connections: number;
  p50: number;
  p99: number;
  mean: number;
  rps: number;
}

interface ApiRow extends SqlRow {
  total: number;
  non2xx: number;
  errors: number;
}

interface Scenario {
  name: string;
  description: string;
  path: () => string;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

function peakRss(pid: number): { peakMb: number; currentMb: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { peakMb: kb('VmHWM') / 1024, currentMb: kb('VmRSS') / 1024 };
}

async function startServer(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, 'server.ts')],
    {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  await new Promise<void>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) resolve();
    });
  });
  return child;
}

async function signIn(
  baseUrl: string,
  smtp: Awaited<ReturnType<typeof startSmtpCapture>>,
  email: string,
) {
  const requested = await fetch(`${baseUrl}/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  if (!requested.ok) throw new Error(`login: ${requested.status} ${await requested.text()}`);
  const code = await smtp.waitForCode(email);
  const verified = await fetch(`${baseUrl}/v1/auth/verify`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, code }),
  });
  if (!verified.ok) throw new Error(`verify: ${verified.status} ${await verified.text()}`);
  const body = (await verified.json()) as {
    access_token: string;
    user: { id: string; orgs: { id: string }[] };
  };
  const claims = JSON.parse(
    Buffer.from(body.access_token.split('.')[1]!, 'base64url').toString(),
  ) as {
    sid: string;
  };
  return {
    token: body.access_token,
    userId: body.user.id,
    orgId: body.user.orgs[0]!.id,
    sessionId: claims.sid,
  };
}

async function load(
  baseUrl: string,
  headers: Record<string, string>,
  scenario: Scenario,
  connections: number,
) {
  const result = await autocannon({
    url: baseUrl,
    connections,
    duration: DURATION,
    headers,
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => ({ ...request, path: scenario.path() }),
      },
    ],
  });
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    mean: result.latency.mean,
    rps: result.requests.average,
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

async function main(): Promise<void> {
  const started = Date.now();
  const loadBefore = os.loadavg();
  let embedded: EmbeddedDatabase | undefined;
  let tempDir: string | undefined;
  let url = process.env.BENCH_DATABASE_URL;
  if (!url) {
    tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stocksync-bench-pg-'));
    fs.chmodSync(tempDir, 0o755);
    log(`starting embedded PostgreSQL in ${tempDir}`);
    embedded = await startEmbeddedPostgres({ dataDir: path.join(tempDir, 'pg') });
    url = embedded.connectionString;
  }
  await migrate(url);
  const smtp = await startSmtpCapture();
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = await startServer({
    BENCH_SERVER_DB_URL: url,
    BENCH_SERVER_PORT: String(port),
    BENCH_SERVER_SMTP_URL: smtp.url,
  });
  const handle = createDb(url, { max: 12 });
  try {
    const email = `bench-${Date.now()}@example.com`;
    const user = await signIn(baseUrl, smtp, email);
    log(`seeding ${PRODUCTS} products × ~${VARIANTS} variants into ${user.orgId}`);
    const seeded = await seedCatalog(handle.db, {
      organizationId: user.orgId,
      products: PRODUCTS,
      variants: VARIANTS,
      seed: 1,
      onProgress: (done, total) => {
        if (done % 20_000 === 0 || done === total) log(`  ${done} / ${total}`);
      },
    });
    log(`seeded in ${(seeded.ms / 1000).toFixed(1)} s: ${JSON.stringify(seeded)}`);
    // A fresh token for the load phase (access tokens last 15 minutes).
    const auth = await signIn(baseUrl, smtp, email);
    const headers = { authorization: `Bearer ${auth.token}`, 'x-organization-id': user.orgId };

    const ids = (
      await handle.db
        .selectFrom('products')
        .select('id')
        .where('organization_id', '=', user.orgId)
        .orderBy(({ fn }) => fn('random', []))
        .limit(5000)
        .execute()
    ).map((r) => r.id);
    const lastPage = Math.ceil(PRODUCTS / PAGE_SIZE);
    const scenarios: Scenario[] = [
      {
        name: 'list-first',
        description: 'GET /v1/products?page=1&pageSize=50',
        path: () => `/v1/products?page=1&pageSize=${PAGE_SIZE}`,
      },
      {
        name: 'list-deep',
        description: `random page in the last 5% (${Math.floor(lastPage * 0.95)}–${lastPage})`,
        path: () =>
          `/v1/products?page=${randomInt(Math.floor(lastPage * 0.95), lastPage)}&pageSize=${PAGE_SIZE}`,
      },
      {
        name: 'list-random',
        description: `random page 1–${lastPage}`,
        path: () => `/v1/products?page=${randomInt(1, lastPage)}&pageSize=${PAGE_SIZE}`,
      },
      {
        name: 'search',
        description: `first page of a two-word search (${SEARCHES.join(', ')})`,
        path: () =>
          `/v1/products?page=1&pageSize=${PAGE_SIZE}&search=${encodeURIComponent(pick(SEARCHES))}`,
      },
      {
        name: 'detail',
        description: 'GET /v1/products/{random id}',
        path: () => `/v1/products/${pick(ids)}`,
      },
    ];

    const idleRss = peakRss(server.pid!).currentMb;
    // Peak RSS from here on: the load, not start-up (writing 5 resets VmHWM).
    try {
      fs.writeFileSync(`/proc/${server.pid}/clear_refs`, '5');
    } catch {
      log('could not reset the peak RSS counter; the figure includes start-up');
    }
    // Warm-up: every scenario once with a few connections.
    for (const s of scenarios) {
      await autocannon({
        url: baseUrl,
        connections: 4,
        amount: 200,
        headers,
        requests: [{ method: 'GET', setupRequest: (r) => ({ ...r, path: s.path() }) }],
      });
    }

    const rows: ApiRow[] = [];
    for (const s of scenarios) {
      for (const connections of CONNECTIONS) {
        log(`${s.name} × ${connections} for ${DURATION} s`);
        const r = await load(baseUrl, headers, s, connections);
        rows.push({ scenario: s.name, connections, ...r });
        log(
          `  p50 ${r.p50} ms, p99 ${r.p99} ms, ${r.rps.toFixed(0)} req/s, non-2xx ${r.non2xx}, errors ${r.errors}`,
        );
      }
    }
    const rss = peakRss(server.pid!);

    // The same SQL alone: the queries one request runs (session and membership come from the server's
    // short cache in steady state), in the same order, straight through pg.
    const pool = new pg.Pool({ connectionString: url, max: 12 });
    const products = new ProductsRepository(handle.db);
    const variants = new VariantsRepository(handle.db);
    const keys = new ListKeysCache((org) => products.listKeys(org, LIST_KEY_STEP));
    const run = async (c: { sql: string; parameters: readonly unknown[] }) =>
      pool.query(c.sql, c.parameters as unknown[]);
    // Mirrors CatalogService.list: one statement with counters and page; deep pages start at a
    // remembered key (the keys are cached, as in the server).
    const listSql = async (page: number, search?: string) => {
      const offset = (page - 1) * PAGE_SIZE;
      const filters = search ? { search } : {};
      let start: { from?: ListKey; offset: number } = { offset };
      if (!search && offset >= LIST_KEY_STEP) {
        const version =
          keys.versionOf(user.orgId) ?? (await products.stats(user.orgId)).listVersion;
        start = await keys.startFor(user.orgId, version, offset);
      }
      await run(
        products
          .pageWithCountsQuery(user.orgId, filters, { ...start, limit: PAGE_SIZE }, Boolean(search))
          .compile(handle.db),
      );
    };
    const sqlScenarios: Record<string, () => Promise<unknown>> = {
      'list-first': () => listSql(1),
      'list-deep': () => listSql(randomInt(Math.floor(lastPage * 0.95), lastPage)),
      'list-random': () => listSql(randomInt(1, lastPage)),
      search: () => listSql(1, pick(SEARCHES)),
      detail: async () => {
        const id = pick(ids);
        await Promise.all([
          products.findRow(user.orgId, id),
          variants.listForProduct(user.orgId, id),
        ]);
      },
    };
    const sqlRows: SqlRow[] = [];
    for (const [name, fn] of Object.entries(sqlScenarios)) {
      for (const connections of [1, 10]) {
        const latencies: number[] = [];
        const until = Date.now() + SQL_DURATION * 1000;
        await Promise.all(
          Array.from({ length: connections }, async () => {
            while (Date.now() < until) {
              const t0 = performance.now();
              await fn();
              latencies.push(performance.now() - t0);
            }
          }),
        );
        latencies.sort((a, b) => a - b);
        const row = {
          scenario: name,
          connections,
          p50: percentile(latencies, 50),
          p99: percentile(latencies, 99),
          mean: latencies.reduce((a, b) => a + b, 0) / Math.max(1, latencies.length),
          rps: latencies.length / SQL_DURATION,
        };
        sqlRows.push(row);
        log(
          `SQL ${name} × ${connections}: p50 ${row.p50.toFixed(2)} ms, p99 ${row.p99.toFixed(2)} ms`,
        );
      }
    }
    await pool.end();

    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const sizes = (
      await client.query<{ products: string; variants: string; listings: string; version: string }>(
        `SELECT (SELECT count(*) FROM products) AS products,
                (SELECT count(*) FROM product_variants) AS variants,
                (SELECT count(*) FROM channel_listings) AS listings, version() AS version`,
      )
    ).rows[0]!;
    await client.end();

    writeReport({ rows, sqlRows, rss, idleRss, seeded, sizes, loadBefore, started, scenarios });
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    await handle.close();
    await smtp.close();
    await embedded?.stop();
    if (tempDir) fs.rmSync(tempDir, { recursive: true, force: true });
  }
}

function writeReport(input: {
  rows: ApiRow[];
  sqlRows: SqlRow[];
  rss: { peakMb: number; currentMb: number };
  idleRss: number;
  seeded: { products: number; variants: number; listings: number; ms: number };
  sizes: { products: string; variants: string; listings: string; version: string };
  loadBefore: number[];
  started: number;
  scenarios: Scenario[];
}) {
  const { rows, sqlRows, rss } = input;
  const api = (s: string, c: number) => rows.find((r) => r.scenario === s && r.connections === c)!;
  const sql = (s: string, c: number) =>
    sqlRows.find((r) => r.scenario === s && r.connections === c)!;
  const listNames = ['list-first', 'list-deep', 'list-random'];
  const p99At10 = Math.max(...listNames.map((s) => api(s, 10).p99));
  const deepRatio = api('list-deep', 1).p50 / Math.max(0.001, api('list-first', 1).p50);
  // Means, because autocannon's percentiles are whole milliseconds.
  const apiSqlRatios = listNames.map((s) => api(s, 1).mean / Math.max(0.001, sql(s, 1).mean));
  const worstRatio = Math.max(...apiSqlRatios);
  const verdict = (ok: boolean) => (ok ? 'met' : '**missed**');
  const cpu = os.cpus();
  const lines = [
    '# Product list benchmark',
    '',
    `Run ${new Date().toISOString()} by \`npx tsx bench/product-list/run.ts\` (also \`npm run bench -- product-list\`), ${((Date.now() - input.started) / 60000).toFixed(1)} min in all.`,
    '',
    `- Data: ${input.sizes.products} products, ${input.sizes.variants} variants, ${input.sizes.listings} channel listings in one organisation (seeded in ${(input.seeded.ms / 1000).toFixed(1)} s by \`seedCatalog\`).`,
    `- Machine: ${cpu.length} × ${cpu[0]?.model ?? 'unknown CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GB, ${os.type()} ${os.release()}; load average before the run ${input.loadBefore.map((l) => l.toFixed(1)).join(' / ')}, after ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ')} (the machine is shared).`,
    `- Database: ${input.sizes.version.split(',')[0]}, ${process.env.BENCH_DATABASE_URL ? 'BENCH_DATABASE_URL' : 'fresh embedded server, default settings'}.`,
    `- Server: the real app (\`buildApp\`) in a child process, LOG_LEVEL=warn, pool of 10 connections; load from autocannon in the parent, ${DURATION} s per row after a warm-up.`,
    `- Server resident memory: ${input.idleRss.toFixed(0)} MB idle after start-up and sign-in; peak under load (VmHWM, reset before the warm-up) **${rss.peakMb.toFixed(0)} MB**; ${rss.currentMb.toFixed(0)} MB at the end.`,
    '',
    '## API',
    '',
    '| scenario | what | clients | p50 ms | p99 ms | mean ms | req/s | non-2xx | errors |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.scenario} | ${input.scenarios.find((s) => s.name === r.scenario)?.description ?? ''} | ${r.connections} | ${r.p50} | ${r.p99} | ${r.mean.toFixed(2)} | ${r.rps.toFixed(0)} | ${r.non2xx} | ${r.errors} |`,
    ),
    '',
    '## The same SQL alone',
    '',
    `Per request the API runs (its session and membership checks are served from a 2-second cache, docs/decisions/0011): the list (counters row, one page through the remembered list keys) or the detail (product row and variants in parallel). Here the same statements run straight through \`pg\` (${SQL_DURATION} s each).`,
    '',
    '| scenario | clients | p50 ms | p99 ms | mean ms | per s | API mean / SQL mean |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...sqlRows.map(
      (r) =>
        `| ${r.scenario} | ${r.connections} | ${r.p50.toFixed(2)} | ${r.p99.toFixed(2)} | ${r.mean.toFixed(2)} | ${r.rps.toFixed(0)} | ${(api(r.scenario, r.connections).mean / Math.max(0.001, r.mean)).toFixed(2)} |`,
    ),
    '',
    '## Budget (DESIGN §6)',
    '',
    `- p99 under 30 ms at 10 clients (worst list scenario): ${p99At10} ms — ${verdict(p99At10 < 30)}.`,
    `- Deep pages as fast as the first (p50 at 1 client, deep / first): ${deepRatio.toFixed(2)} — ${verdict(deepRatio <= 1.25)}.`,
    `- API within 1.5 × its SQL alone (mean at 1 client, list scenarios): ${apiSqlRatios.map((r) => r.toFixed(2)).join(', ')} — ${verdict(worstRatio <= 1.5)}.`,
    `- Server memory under 250 MB resident: ${rss.peakMb.toFixed(0)} MB — ${verdict(rss.peakMb < 250)}.`,
    '',
    'autocannon reports whole milliseconds. Figures are from one run; DESIGN §6 asks for the median of repeated runs, so rerun on a quiet machine before drawing fine conclusions.',
    '',
  ];
  const out = path.join(ROOT, 'bench/results/product-list.md');
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, lines.join('\n'));
  log(`wrote ${path.relative(ROOT, out)}`);
  console.log(lines.join('\n'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
