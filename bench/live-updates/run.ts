/*
 * Live updates benchmark (issue 22 item 1): BENCH_RATE (50) stock changes per second for
 * BENCH_SECONDS (60) through POST /v1/variants/quantity, with BENCH_CLIENTS (20) clients on
 * GET /v1/events, against the compiled server in a child process and a fresh embedded PostgreSQL.
 * Measured: from each change's commit to its event's arrival at each client (p50 and p99 over the
 * arrival at every client, and at the last client of each change), events missing at any client,
 * the server's CPU per second and its resident memory (peak and at the end). Budget: p99 <= 250 ms.
 *
 * Commit time: the event row's created_at, the start of the change's one-statement transaction
 * (its commit follows within the statement's time, well under a millisecond here); the database
 * and this process read the same clock.
 *
 *   npx tsx bench/live-updates/run.ts        (also `npm run bench -- live-updates`)
 *   BENCH_RATE=50 BENCH_SECONDS=60 BENCH_CLIENTS=20 BENCH_PRODUCTS=1000 …  (defaults)
 *   BENCH_OUTPUT=path.md   (default bench/results/live-updates.md)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { createDb } from '../../apps/server/src/db/client';
import { startEmbeddedPostgres } from '../../apps/server/src/db/embedded';
import { seedCatalog } from '../../apps/server/src/modules/catalog/seed-catalog';
import { cpuMs, postgresCpuMs } from '../product-list/cpu';
import { pick, randomInt } from '../product-list/scenarios';
import { ROOT, signIn, startBenchServer, stopBench } from '../product-list/server';
import type { TestStream } from '../../apps/server/test/support/live-events';
import { arrivals, openClients, residentMb } from './clients';

const RATE = Number(process.env.BENCH_RATE ?? 50);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 20);
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 1000);
const BUDGET_P99_MS = 250;
const OUTPUT = process.env.BENCH_OUTPUT ?? path.join(ROOT, 'bench/results/live-updates.md');

const log = (message: string) => console.log(`[bench] ${message}`);
const quantile = (sorted: number[], q: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : NaN;
const fmt = (ms: number) => ms.toFixed(1);

async function main(): Promise<void> {
  const loadBefore = os.loadavg();
  const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stocksync-bench-live-'));
  fs.chmodSync(tempDir, 0o755);
  const embedded = await startEmbeddedPostgres({ dataDir: path.join(tempDir, 'pg') });
  const url = embedded.connectionString;
  const { smtp, baseUrl, server } = await startBenchServer(url, tempDir);
  const handle = createDb(url, { max: 2 });
  let clients: TestStream[] = [];
  try {
    const user = await signIn(baseUrl, smtp, `bench-live-${Date.now()}@example.com`);
    await seedCatalog(handle.db, {
      organizationId: user.orgId,
      products: PRODUCTS,
      variants: 3,
      seed: 1,
    });
    await sql`DELETE FROM platform_connections WHERE organization_id = ${user.orgId}`.execute(
      handle.db,
    );
    const variantIds = (
      await sql<{
        id: string;
      }>`SELECT id FROM product_variants WHERE organization_id = ${user.orgId}`.execute(handle.db)
    ).rows.map((r) => r.id);
    const headers = { authorization: `Bearer ${user.token}`, 'x-organization-id': user.orgId };
    // Streams are limited per user (10 on a process): the clients are members, 5 streams each.
    const tokens: string[] = [];
    for (let i = 0; i < Math.ceil(CLIENTS / 5); i++) {
      const member = await signIn(baseUrl, smtp, `bench-live-${Date.now()}-${i}@example.com`);
      await sql`INSERT INTO memberships (user_id, organization_id, role, created_at)
                VALUES (${member.userId}, ${user.orgId}, 'member', now())`.execute(handle.db);
      tokens.push(member.token);
    }
    clients = await openClients(baseUrl, tokens, user.orgId, CLIENTS);
    log(`${CLIENTS} stream clients ready; ${RATE} changes/s for ${SECONDS} s`);

    const first = (
      await sql<{ id: string }>`SELECT coalesce(max(id), 0)::text AS id FROM live_events`.execute(
        handle.db,
      )
    ).rows[0]!.id;
    const memory: number[] = [];
    const sampler = setInterval(() => memory.push(residentMb(server.pid!)), 1000);
    const cpuBefore = { server: cpuMs([server.pid!]), postgres: postgresCpuMs(embedded.dataDir) };
    const started = performance.now();
    const writes: Promise<void>[] = [];
    let failed = 0;
    // Open loop: a change every 1/RATE s whatever the answers, as sales arrive.
    for (let i = 0; i < RATE * SECONDS; i++) {
      const due = started + (i * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      writes.push(
        fetch(`${baseUrl}/v1/variants/quantity`, {
          method: 'POST',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({ variant_id: pick(variantIds), quantity: randomInt(0, 500) }),
        }).then(
          async (r) => {
            if (!r.ok) failed += 1;
            await r.arrayBuffer();
          },
          () => void (failed += 1),
        ),
      );
    }
    await Promise.all(writes);
    const elapsed = (performance.now() - started) / 1000;
    const cpu = {
      server: cpuMs([server.pid!]) - cpuBefore.server,
      postgres: postgresCpuMs(embedded.dataDir) - cpuBefore.postgres,
    };
    clearInterval(sampler);
    memory.push(residentMb(server.pid!));
    // Events still on their way get a moment to arrive before the count.
    await new Promise((r) => setTimeout(r, 2000));

    const events = (
      await sql<{ id: string; committed: number }>`
        SELECT id::text, extract(epoch FROM created_at) * 1000 AS committed FROM live_events
        WHERE organization_id = ${user.orgId} AND id > ${first}::bigint`.execute(handle.db)
    ).rows;
    const received = clients.map(arrivals);
    const all: number[] = [];
    const lastClient: number[] = [];
    let missing = 0;
    for (const event of events) {
      let latest = -Infinity;
      for (const client of received) {
        const at = client.get(event.id);
        if (at === undefined) {
          missing += 1;
          continue;
        }
        const latency = at - Number(event.committed);
        all.push(latency);
        latest = Math.max(latest, latency);
      }
      if (latest > -Infinity) lastClient.push(latest);
    }
    all.sort((a, b) => a - b);
    lastClient.sort((a, b) => a - b);
    const p99 = quantile(lastClient, 0.99);
    const report = [
      '# Live updates benchmark',
      '',
      `Command: \`npm run bench -- live-updates\` (bench/live-updates/run.ts), ${new Date().toISOString()}.`,
      `Load: ${RATE} stock changes/s (POST /v1/variants/quantity, one random variant of ${variantIds.length}) for ${SECONDS} s, open loop; ${CLIENTS} clients on GET /v1/events (the eventsource package; ${tokens.length} members, 5 streams each) in the benchmark process; compiled server (API and worker) in one child process, embedded PostgreSQL.`,
      `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB; load average before ${loadBefore.map((l) => l.toFixed(1)).join(' ')}, after ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}.`,
      '',
      '| measure | value |',
      '| --- | --- |',
      `| changes sent / failed | ${RATE * SECONDS} / ${failed} (over ${elapsed.toFixed(1)} s) |`,
      `| events committed | ${events.length} |`,
      `| event deliveries missing (event × client) | ${missing} |`,
      `| commit → received, every client: p50 / p99 / max (ms) | ${fmt(quantile(all, 0.5))} / ${fmt(quantile(all, 0.99))} / ${fmt(all.at(-1) ?? NaN)} |`,
      `| commit → received by the last client: p50 / p99 (ms) | ${fmt(quantile(lastClient, 0.5))} / ${fmt(p99)} |`,
      `| budget p99 ≤ ${BUDGET_P99_MS} ms | ${p99 <= BUDGET_P99_MS ? 'met' : 'NOT met'} |`,
      `| server CPU (ms per s; per change) | ${fmt(cpu.server / elapsed)}; ${(cpu.server / (RATE * SECONDS)).toFixed(2)} |`,
      `| PostgreSQL CPU (ms per s; per change) | ${fmt(cpu.postgres / elapsed)}; ${(cpu.postgres / (RATE * SECONDS)).toFixed(2)} |`,
      `| server resident memory: peak / end (MB) | ${Math.max(...memory).toFixed(0)} / ${memory.at(-1)!.toFixed(0)} |`,
      '',
    ].join('\n');
    console.log(report);
    fs.writeFileSync(OUTPUT, report);
    log(`written to ${path.relative(ROOT, OUTPUT)}`);
  } finally {
    for (const client of clients) client.close();
    await stopBench({ handle, server, smtp, embedded, tempDir });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
