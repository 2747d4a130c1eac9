/*
 * Where a summary's time goes (BENCH_STATEMENTS=1 in run.ts): each of its statements, and the
 * whole service without HTTP, run one after another on one connection configured as the
 * server's (force_generic_plan, named prepared statements), with the PostgreSQL backend's CPU
 * read from /proc (same machine) and Node's from process.cpuUsage.
 */
import fs from 'node:fs';
import { sql } from 'kysely';
import { createDb, type Db } from '../../apps/server/src/db/client';
import { CatalogueFiguresRepository } from '../../apps/server/src/modules/analytics/catalogue-repository';
import { salesQueries } from '../../apps/server/src/modules/analytics/sales-repository';
import { AnalyticsService } from '../../apps/server/src/modules/analytics/service';
import { summaryRows } from '../../apps/server/src/modules/analytics/summary-repository';
import { topSellersAttempt } from '../../apps/server/src/modules/analytics/top-sellers-repository';
import { systemClock } from '../../apps/server/src/lib/clock';

const CALLS = Number(process.env.BENCH_STATEMENT_CALLS ?? 200);
const TICK_MS = 10;

/** User plus system CPU of a process, in ms (/proc/<pid>/stat fields 14 and 15). */
function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

export interface StatementCost {
  range: string;
  part: string;
  wallMs: number;
  postgresCpuMs: number;
  nodeCpuMs: number;
}

/** Each part of the summary for each range, CALLS times after a warm-up: per call. */
export async function statementCosts(
  url: string,
  organizationId: string,
  ranges: Array<{ name: string; from: string; to: string }>,
): Promise<StatementCost[]> {
  const handle = createDb(url, { max: 1 });
  const db: Db = handle.db;
  const costs: StatementCost[] = [];
  try {
    const { rows } = await sql<{ pid: number }>`SELECT pg_backend_pid() AS pid`.execute(db);
    const pid = rows[0]!.pid;
    const service = new AnalyticsService(db, systemClock);
    for (const { name, from, to } of ranges) {
      const range = { organizationId, from, to };
      const parts: Array<[string, () => Promise<unknown>]> = [
        ['whole service (no HTTP)', () => service.summary(organizationId, { from, to })],
        ['summary statement', () => summaryRows(db, range)],
        ['best sellers, 64 rows a block', () => topSellersAttempt(range, 10, 64).execute(db)],
        ['best sellers, 16 rows a block', () => topSellersAttempt(range, 10, 16).execute(db)],
        ['sales series', () => salesQueries.series(range).execute(db)],
        ['catalogue', () => new CatalogueFiguresRepository(db).figures(organizationId, 5)],
      ];
      for (const read of [4, 16, 64]) {
        const attempt = await topSellersAttempt(range, 10, read).execute(db);
        console.log(
          `[bench] ${name}: ${read} rows a block prove the best sellers: ${attempt.rows[0]!.proven}`,
        );
      }
      for (const [part, run] of parts) {
        for (let i = 0; i < 20; i++) await run();
        const pg0 = cpuMs(pid);
        const node0 = process.cpuUsage();
        const began = performance.now();
        for (let i = 0; i < CALLS; i++) await run();
        const node = process.cpuUsage(node0);
        costs.push({
          range: name,
          part,
          wallMs: (performance.now() - began) / CALLS,
          postgresCpuMs: (cpuMs(pid) - pg0) / CALLS,
          nodeCpuMs: (node.user + node.system) / 1000 / CALLS,
        });
      }
    }
  } finally {
    await handle.close();
  }
  return costs;
}

export function costLines(costs: StatementCost[]): string[] {
  return [
    `Per call, ${CALLS} calls each in turn on one connection (force_generic_plan, prepared):`,
    '',
    '| range | part | wall ms | PostgreSQL CPU ms | Node CPU ms |',
    '| --- | --- | --: | --: | --: |',
    ...costs.map(
      (c) =>
        `| ${c.range} | ${c.part} | ${c.wallMs.toFixed(2)} | ${c.postgresCpuMs.toFixed(2)} | ${c.nodeCpuMs.toFixed(2)} |`,
    ),
    '',
  ];
}
