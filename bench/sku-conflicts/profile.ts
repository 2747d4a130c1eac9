/*
 * Where a GET /v1/sku-conflicts page spends its CPU (issue 25 item 2): seeds once into a kept
 * embedded PostgreSQL (PROF_DIR), then for each scenario runs PROF_CLIENTS clients for
 * PROF_SECONDS and reports CPU per request of the server process, of the PostgreSQL backends and
 * of this load generator, and pg_stat_statements per statement. PROF_EXPLAIN=1 instead logs each
 * statement's plan as run (auto_explain, ANALYZE) for one request per scenario to PROF_DIR/pg.log.
 *
 *   PROF_PRODUCTS=100000 npx tsx bench/sku-conflicts/profile.ts
 *   BENCH_SERVER_NODE_OPTIONS='--cpu-prof --cpu-prof-dir=/tmp/prof' …   (server CPU profile)
 */
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { createDb } from '../../apps/server/src/db/client';
import { startEmbeddedPostgres, freePort } from '../../apps/server/src/db/embedded';
import { migrate } from '../../apps/server/src/db/migrate';
import { seedCatalog } from '../../apps/server/src/modules/catalog/seed-catalog';
import { startSmtpCapture } from '../../apps/server/test/support/smtp-capture';
import { load } from '../product-list/load';
import { serverEnv, signIn, startServer, stopServer } from '../product-list/server';
import { seedChannelSkus } from './seed';

const DIR = process.env.PROF_DIR ?? '/tmp/s2-prof';
const PRODUCTS = Number(process.env.PROF_PRODUCTS ?? 100_000);
const SECONDS = Number(process.env.PROF_SECONDS ?? 6);
const CLIENTS = Number(process.env.PROF_CLIENTS ?? 1);
const EXPLAIN = process.env.PROF_EXPLAIN === '1';
const KINDS = ['duplicate_on_account', 'mismatch', 'belongs_to_other_variant', 'blank'];

const log = (message: string) => console.log(`[prof] ${message}`);

/** utime + stime of a process in ms (0 when it is gone). */
function cpuMs(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return 0;
  }
}

async function backendPids(client: pg.Client): Promise<number[]> {
  const { rows } = await client.query<{ pid: number }>(
    `SELECT pid FROM pg_stat_activity WHERE backend_type = 'client backend' AND pid <> pg_backend_pid()`,
  );
  return rows.map((r) => r.pid);
}

async function main(): Promise<void> {
  fs.mkdirSync(DIR, { recursive: true });
  const pgLog = fs.createWriteStream(path.join(DIR, 'pg.log'), { flags: 'a' });
  const settings: Record<string, string> = {
    shared_preload_libraries: 'pg_stat_statements,auto_explain',
    'pg_stat_statements.track_planning': 'on',
  };
  if (EXPLAIN) {
    Object.assign(settings, {
      'auto_explain.log_min_duration': '0',
      'auto_explain.log_analyze': 'on',
      'auto_explain.log_buffers': 'on',
      'auto_explain.log_nested_statements': 'on',
    });
  }
  const embedded = await startEmbeddedPostgres({
    dataDir: path.join(DIR, 'pg'),
    settings,
    onLog: (line) => pgLog.write(`${line}\n`),
  });
  const url = embedded.connectionString;
  await migrate(url);
  const smtp = await startSmtpCapture();
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = await startServer(
    serverEnv({ url, port, smtpUrl: smtp.url, dataDir: DIR }),
    baseUrl,
    [],
    process.env.PROF_BUNDLE,
  );
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
    const stateFile = path.join(DIR, 'state.json');
    const email = 'prof-sku-conflicts@example.com';
    const user = await signIn(baseUrl, smtp, email);
    if (!fs.existsSync(stateFile)) {
      log(`seeding ${PRODUCTS} products`);
      const handle = createDb(url, { max: 2 });
      await seedCatalog(handle.db, {
        organizationId: user.orgId,
        products: PRODUCTS,
        variants: 3,
        seed: 1,
      });
      await handle.close();
      await seedChannelSkus(client, user.orgId);
      fs.writeFileSync(stateFile, JSON.stringify({ orgId: user.orgId }));
    }
    const headers = { authorization: `Bearer ${user.token}`, 'x-organization-id': user.orgId };
    const first = (await (
      await fetch(`${baseUrl}/v1/sku-conflicts?pageSize=50`, { headers })
    ).json()) as { total: number; counts: Record<string, number> };
    log(`conflicts: ${JSON.stringify(first.counts)}`);
    const deep = Math.max(1, Math.ceil((first.total * 0.9) / 50));
    const scenarios = [
      { name: 'all kinds, page 1', path: '/v1/sku-conflicts?pageSize=50' },
      { name: `all kinds, page ${deep}`, path: `/v1/sku-conflicts?pageSize=50&page=${deep}` },
      ...KINDS.map((kind) => ({
        name: `${kind}, page 1`,
        path: `/v1/sku-conflicts?pageSize=50&kind=${kind}`,
      })),
    ].filter((s) => !process.env.PROF_ONLY || s.name.includes(process.env.PROF_ONLY));
    for (const scenario of scenarios) {
      if (EXPLAIN) {
        pgLog.write(`\n===== ${scenario.name} =====\n`);
        for (let i = 0; i < 3; i++)
          await (await fetch(baseUrl + scenario.path, { headers })).text();
        continue;
      }
      await load({ url: baseUrl, headers, path: () => scenario.path, clients: 2, seconds: 2 });
      await client.query('SELECT pg_stat_statements_reset()');
      const pids = await backendPids(client);
      const pgBefore = new Map(pids.map((pid) => [pid, cpuMs(pid)]));
      const nodeBefore = cpuMs(server.pid!);
      const selfBefore = process.cpuUsage();
      const row = await load({
        url: baseUrl,
        headers,
        path: () => scenario.path,
        clients: CLIENTS,
        seconds: SECONDS,
      });
      const self = process.cpuUsage(selfBefore);
      const nodeMs = cpuMs(server.pid!) - nodeBefore;
      const after = await backendPids(client);
      let pgMs = 0;
      for (const pid of after) pgMs += cpuMs(pid) - (pgBefore.get(pid) ?? 0);
      const n = row.total;
      log(
        `${scenario.name} @${CLIENTS}: ${n} requests, ${row.rps.toFixed(0)} req/s, p50 ${row.p50.toFixed(2)} ms; CPU per request: server ${(nodeMs / n).toFixed(2)} ms, PostgreSQL backends ${(pgMs / n).toFixed(2)} ms, load generator ${((self.user + self.system) / 1000 / n).toFixed(2)} ms (backends ${pids.length} -> ${after.length})`,
      );
      const { rows } = await client.query<{
        query: string;
        calls: string;
        exec: number;
        plan: number;
        plans: string;
      }>(
        `SELECT left(regexp_replace(query, '\\s+', ' ', 'g'), 150) AS query, calls, plans,
                total_exec_time AS exec, total_plan_time AS plan
         FROM pg_stat_statements ORDER BY total_exec_time + total_plan_time DESC LIMIT 12`,
      );
      for (const r of rows) {
        log(
          `  ${((r.exec + r.plan) / n).toFixed(3)} ms/req  calls ${r.calls} plans ${r.plans} exec ${(r.exec / Number(r.calls)).toFixed(3)} plan ${(r.plan / Math.max(1, Number(r.plans))).toFixed(3)}  ${r.query}`,
        );
      }
    }
  } finally {
    await client.end();
    await stopServer(server);
    await smtp.close();
    await embedded.stop();
    pgLog.end();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
