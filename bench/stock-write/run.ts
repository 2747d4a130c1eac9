/*
 * Stock write benchmark (issue 21 item 9): a 5,000-product catalogue with no channel connected;
 * POST /v1/variants/quantity on random variants at 1 and 10 clients against the compiled server in
 * a child process and a fresh embedded PostgreSQL. Per row: changes per second, p50/p99, and the CPU
 * each change costs the server process and PostgreSQL (/proc utime + stime, before and after). Then
 * one profiled run with pg_stat_statements tracking every statement, nested ones included: the
 * statements a change runs and their share of PostgreSQL's time.
 *
 *   npx tsx bench/stock-write/run.ts        (also `npm run bench -- stock-write`)
 *   BENCH_PRODUCTS=5000 BENCH_DURATION=15 BENCH_WARMUP=5 BENCH_ROUNDS=3 BENCH_CLIENTS=1,10 …  (defaults)
 *   BENCH_OUTPUT=path.md   (default bench/results/stock-write.md)
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { createDb } from '../../apps/server/src/db/client';
import { startEmbeddedPostgres } from '../../apps/server/src/db/embedded';
import { seedCatalog } from '../../apps/server/src/modules/catalog/seed-catalog';
import { cpuMs, postgresCpuBetween, postgresCpuSnapshot } from '../product-list/cpu';
import { load, type LoadRow } from '../product-list/load';
import { pick, randomInt } from '../product-list/scenarios';
import { ROOT, serverCommand, signIn, startBenchServer, stopBench } from '../product-list/server';
import { contentionLines, measureContention } from './contention';
import { profileStatements, setTrack, STATEMENT_SETTINGS, statementTable } from './statements';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 5000);
const DURATION = Number(process.env.BENCH_DURATION ?? 15);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CLIENTS = (process.env.BENCH_CLIENTS ?? '1,10').split(',').map(Number);
/** Seconds without load per round: PostgreSQL's own CPU rate then (job polling, background processes). */
const IDLE = Number(process.env.BENCH_IDLE ?? 5);
const OUTPUT = process.env.BENCH_OUTPUT ?? path.join(ROOT, 'bench/results/stock-write.md');

const log = (message: string) => console.log(`[bench] ${message}`);

interface Row extends LoadRow {
  clients: number;
  serverMs: number;
  postgresMs: number;
  /** postgresMs less what PostgreSQL spends idle over as long a time. */
  postgresNetMs: number;
  load1: number;
}

const median = (values: number[]) => {
  const s = [...values].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

async function main(): Promise<void> {
  const started = Date.now();
  const loadBefore = os.loadavg();
  const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stocksync-bench-stock-'));
  fs.chmodSync(tempDir, 0o755);
  const embedded = await startEmbeddedPostgres({
    dataDir: path.join(tempDir, 'pg'),
    settings: STATEMENT_SETTINGS,
  });
  const url = embedded.connectionString;
  const { smtp, baseUrl, server } = await startBenchServer(url, tempDir);
  const handle = createDb(url, { max: 2 });
  try {
    await setTrack(handle.db, 'none');
    const email = `bench-${Date.now()}@example.com`;
    const user = await signIn(baseUrl, smtp, email);
    const seeded = await seedCatalog(handle.db, {
      organizationId: user.orgId,
      products: PRODUCTS,
      variants: 3,
      seed: 1,
    });
    // No channel connected: the seed's sandbox connections go, and their listings with them.
    await sql`DELETE FROM platform_connections WHERE organization_id = ${user.orgId}`.execute(
      handle.db,
    );
    await sql`VACUUM ANALYZE products, product_variants, channel_listings`.execute(handle.db);
    await sql`CHECKPOINT`.execute(handle.db);
    const variantIds = (
      await sql<{ id: string }>`
        SELECT id FROM product_variants WHERE organization_id = ${user.orgId}`.execute(handle.db)
    ).rows.map((r) => r.id);
    log(`seeded ${seeded.products} products, ${variantIds.length} variants, no connection`);

    const body = () =>
      JSON.stringify({ variant_id: pick(variantIds), quantity: randomInt(0, 500) });
    let accepted = 0;
    // Requests in flight when a load stops are applied but not counted as answered.
    let inFlightAtStops = 0;
    const changeLoad = async (
      headers: Record<string, string>,
      clients: number,
      seconds: number,
    ) => {
      const r = await load({
        url: baseUrl,
        headers,
        path: () => '/v1/variants/quantity',
        body,
        clients,
        seconds,
      });
      accepted += r.total - r.non2xx - r.errors;
      inFlightAtStops += clients;
      if (r.non2xx > 0 || r.errors > 0) log(`  non-2xx ${r.non2xx}, errors ${r.errors}`);
      return r;
    };

    const rounds: Row[][] = [];
    let headers: Record<string, string> = {};
    for (let round = 1; round <= ROUNDS; round++) {
      log(`round ${round} of ${ROUNDS}`);
      const auth = await signIn(baseUrl, smtp, email);
      headers = { authorization: `Bearer ${auth.token}`, 'x-organization-id': user.orgId };
      await changeLoad(headers, 10, WARMUP);
      const idleStart = postgresCpuSnapshot(embedded.dataDir);
      await new Promise((r) => setTimeout(r, IDLE * 1000));
      const idleMsPerS =
        postgresCpuBetween(idleStart, postgresCpuSnapshot(embedded.dataDir)) / IDLE;
      log(`  PostgreSQL idle: ${idleMsPerS.toFixed(1)} ms of CPU per second`);
      const rows: Row[] = [];
      for (const clients of CLIENTS) {
        const before = {
          server: cpuMs([server.pid!]),
          pg: postgresCpuSnapshot(embedded.dataDir),
        };
        const r = await changeLoad(headers, clients, DURATION);
        const pgMs = postgresCpuBetween(before.pg, postgresCpuSnapshot(embedded.dataDir));
        const changes = Math.max(1, r.total - r.non2xx);
        const row: Row = {
          ...r,
          clients,
          serverMs: (cpuMs([server.pid!]) - before.server) / changes,
          postgresMs: pgMs / changes,
          postgresNetMs: (pgMs - idleMsPerS * DURATION) / changes,
          load1: os.loadavg()[0]!,
        };
        rows.push(row);
        log(
          `  ${clients} clients: ${r.rps.toFixed(0)} changes/s, p50 ${r.p50.toFixed(2)} ms, p99 ${r.p99.toFixed(2)} ms, CPU per change server ${row.serverMs.toFixed(3)} ms, PostgreSQL ${row.postgresMs.toFixed(3)} ms (${row.postgresNetMs.toFixed(3)} net of idle) (load ${row.load1.toFixed(1)})`,
        );
      }
      rounds.push(rows);
    }

    log('profiling the statements (pg_stat_statements, track = all) at 10 clients');
    let profiled = 0;
    let contention: Awaited<ReturnType<typeof measureContention>> | undefined;
    const statements = await profileStatements(
      handle.db,
      async () => {
        contention = await measureContention(
          handle.db,
          async () => {
            const r = await changeLoad(headers, 10, DURATION);
            profiled = r.total - r.non2xx;
          },
          () => profiled,
        );
      },
      () => profiled,
    );

    // Every accepted change left exactly one ledger entry and one activity entry.
    const counts = (
      await sql<{ ledger: string; activity: string }>`
        SELECT (SELECT count(*) FROM inventory_ledger WHERE organization_id = ${user.orgId}) AS ledger,
               (SELECT count(*) FROM activity_logs
                WHERE organization_id = ${user.orgId} AND activity = 'Stock changed') AS activity`.execute(
        handle.db,
      )
    ).rows[0]!;
    const version = (await sql<{ v: string }>`SELECT version() AS v`.execute(handle.db)).rows[0]!.v;
    writeReport({
      rounds,
      statements: statementTable(statements),
      contention: contentionLines(contention!),
      counts: {
        accepted,
        inFlightAtStops,
        ledger: Number(counts.ledger),
        activity: Number(counts.activity),
      },
      seeded: { products: seeded.products, variants: variantIds.length },
      version,
      loadBefore,
      started,
    });
  } finally {
    await stopBench({ handle, server, smtp, embedded, tempDir });
  }
}

function writeReport(input: {
  rounds: Row[][];
  statements: string[];
  contention: string[];
  counts: { accepted: number; inFlightAtStops: number; ledger: number; activity: number };
  seeded: { products: number; variants: number };
  version: string;
  loadBefore: number[];
  started: number;
}) {
  const { rounds, counts } = input;
  const list = (values: number[], digits = 2) => values.map((v) => v.toFixed(digits)).join(' / ');
  const cpu = os.cpus();
  const command = serverCommand().run.map((a) => path.relative(ROOT, a) || a);
  const rowsAt = (clients: number) => rounds.map((r) => r.find((x) => x.clients === clients)!);
  const lines = [
    '# Stock write benchmark',
    '',
    `Run ${new Date().toISOString()} at commit ${gitHead()} by \`npx tsx bench/stock-write/run.ts\` (also \`npm run bench -- stock-write\`), ${((Date.now() - input.started) / 60000).toFixed(1)} min in all: ${rounds.length} rounds; every figure is the median of the rounds (each round's values follow it).`,
    '',
    `- Data: ${input.seeded.products} products, ${input.seeded.variants} variants in one organisation (\`seedCatalog\`), no channel connected (the seed's connections deleted, so no listing), vacuumed and analysed.`,
    `- Request: \`POST /v1/variants/quantity\` with a random variant of the catalogue and a random quantity 0-500, ${DURATION} s per row after ${WARMUP} s of unmeasured load at 10 clients per round.`,
    `- Machine: ${cpu.length} × ${cpu[0]?.model ?? 'unknown CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GB, ${os.type()} ${os.release()}; load average before the run ${list(input.loadBefore, 1)} (shared with other work; the 1-minute load average at the end of each row is beside it).`,
    `- Database: ${input.version.split(',')[0]}, fresh embedded server, default settings plus pg_stat_statements loaded (tracking off except in the profile below).`,
    `- Server: \`node ${command.join(' ')}\` (as \`npm start\` runs it), LOG_LEVEL=warn; load from autocannon in the parent.`,
    `- CPU per change: utime + stime from /proc over the row, divided by the changes answered 2xx: of the server process, and of the postmaster and its children (a child that exited during the row counts from the row's start: a pool closing an idle connection must not charge the row with that backend's earlier work). "Net of idle" takes off what PostgreSQL spent per second over ${IDLE} s without load just before the rows (each round), times the row's duration: at 1 client that fixed cost is most of the raw figure.`,
    '',
    '| clients | changes/s | p50 ms | p99 ms | server CPU ms / change | PostgreSQL CPU ms / change | the same net of idle | load (1 min) |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...CLIENTS.map((c) => {
      const rs = rowsAt(c);
      const cell = (f: (r: Row) => number, digits: number) =>
        `${median(rs.map(f)).toFixed(digits)} (${list(rs.map(f), digits)})`;
      return `| ${c} | ${cell((r) => r.rps, 0)} | ${cell((r) => r.p50, 2)} | ${cell((r) => r.p99, 2)} | ${cell((r) => r.serverMs, 3)} | ${cell((r) => r.postgresMs, 3)} | ${cell((r) => r.postgresNetMs, 3)} | ${list(
        rs.map((r) => r.load1),
        1,
      )} |`;
    }),
    '',
    `Guarantees checked after the run: ${counts.accepted} changes answered 2xx (and at most ${counts.inFlightAtStops} more in flight when the loads stopped), ${counts.ledger} ledger entries, ${counts.activity} "Stock changed" activity entries — ${counts.ledger === counts.activity && counts.ledger >= counts.accepted && counts.ledger <= counts.accepted + counts.inFlightAtStops ? 'one of each per change' : '**they differ**'}.`,
    '',
    '## Statements per change',
    '',
    `pg_stat_statements with \`track = all\` over one more ${DURATION} s run at 10 clients: calls and execution time per change (planning not included); nested statements run inside the top-level ones (functions, triggers), so their time is part of their caller's.`,
    '',
    ...input.statements,
    '',
    '## Contention',
    '',
    `Over the same profiled run, from pg_stat_activity, pg_stat_wal and the database's MultiXact age (\`mxid_age(datminmxid)\`):`,
    '',
    ...input.contention,
    '',
  ];
  fs.mkdirSync(path.dirname(OUTPUT), { recursive: true });
  fs.writeFileSync(OUTPUT, lines.join('\n'));
  log(`wrote ${OUTPUT}`);
  console.log(lines.join('\n'));
}

function gitHead(): string {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: ROOT,
      encoding: 'utf8',
    }).trim();
  } catch {
    return 'unknown';
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
