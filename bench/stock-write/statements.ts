/* The statements a stock change runs, with their share of PostgreSQL's time (pg_stat_statements). */
import { sql } from 'kysely';
import type { Db } from '../../apps/server/src/db/client';

/**
 * Settings that load pg_stat_statements. Its `track` is left to ALTER SYSTEM (setTrack): a
 * command-line setting would override it.
 */
export const STATEMENT_SETTINGS = {
  shared_preload_libraries: 'pg_stat_statements',
  'pg_stat_statements.max': '5000',
};

export interface StatementRow {
  query: string;
  toplevel: boolean;
  /** Calls per stock change. */
  calls: number;
  /** Execution time per stock change, ms. */
  ms: number;
  /** Share of the top-level statements' execution time. */
  share: number;
}

export async function setTrack(db: Db, track: 'all' | 'none'): Promise<void> {
  await sql.raw(`ALTER SYSTEM SET pg_stat_statements.track = '${track}'`).execute(db);
  await sql`SELECT pg_reload_conf()`.execute(db);
  // Every backend applies a reload at its next command; give the signal time to arrive.
  await new Promise((r) => setTimeout(r, 500));
}

/**
 * Tracks every statement, nested ones included, while `work` runs and answers each statement's
 * calls and time per change (`changes()` read after the work), busiest first. Tracking is off
 * otherwise: the CPU figures are measured without its cost.
 */
export async function profileStatements(
  db: Db,
  work: () => Promise<void>,
  changes: () => number,
): Promise<StatementRow[]> {
  await sql`CREATE EXTENSION IF NOT EXISTS pg_stat_statements`.execute(db);
  await setTrack(db, 'all');
  await sql`SELECT pg_stat_statements_reset()`.execute(db);
  try {
    await work();
  } finally {
    await setTrack(db, 'none');
  }
  const { rows } = await sql<{
    query: string;
    toplevel: boolean;
    calls: string;
    total_exec_time: number;
  }>`
    SELECT query, toplevel, calls, total_exec_time
    FROM pg_stat_statements
    WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
      AND query NOT LIKE '%pg_stat_statements%' AND query NOT LIKE '%graphile_worker%'
    ORDER BY total_exec_time DESC`.execute(db);
  const n = Math.max(1, changes());
  const topTotal = rows.filter((r) => r.toplevel).reduce((t, r) => t + r.total_exec_time, 0);
  return rows
    .map((r) => ({
      query: r.query.replace(/\s+/g, ' ').trim(),
      toplevel: r.toplevel,
      calls: Number(r.calls) / n,
      ms: r.total_exec_time / n,
      share: r.total_exec_time / Math.max(1e-9, topTotal),
    }))
    .filter((r) => r.calls >= 0.01);
}

/** Markdown rows of the profile (queries cut to `width` characters). */
export function statementTable(rows: StatementRow[], width = 160): string[] {
  const cell = (q: string) =>
    (q.length > width ? `${q.slice(0, width)}…` : q).replace(/\|/g, '\\|');
  return [
    '| statement | level | calls / change | ms / change | share of top-level time |',
    '|---|---|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| \`${cell(r.query)}\` | ${r.toplevel ? 'top' : 'nested'} | ${r.calls.toFixed(2)} | ${r.ms.toFixed(3)} | ${(r.share * 100).toFixed(1)}% |`,
    ),
  ];
}
