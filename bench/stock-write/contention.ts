/* What concurrent changes of one organisation wait on and share (the profile run's evidence). */
import { sql } from 'kysely';
import type { Db } from '../../apps/server/src/db/client';

interface Counters {
  multixacts: number;
  walRecords: number;
  walFpi: number;
  walBytes: number;
}

export interface Contention {
  /** Per change: MultiXact ids made (row locks shared by concurrent transactions), WAL. */
  perChange: Counters;
  /** Share of samples of active client backends per wait event ('CPU' when not waiting). */
  waits: Array<{ event: string; share: number }>;
  samples: number;
}

async function counters(db: Db): Promise<Counters> {
  const { rows } = await sql<{ mx: string; records: string; fpi: string; bytes: string }>`
    SELECT mxid_age(datminmxid) AS mx, w.wal_records AS records, w.wal_fpi AS fpi,
           w.wal_bytes AS bytes
    FROM pg_database, pg_stat_wal w WHERE datname = current_database()`.execute(db);
  const r = rows[0]!;
  return {
    multixacts: Number(r.mx),
    walRecords: Number(r.records),
    walFpi: Number(r.fpi),
    walBytes: Number(r.bytes),
  };
}

/** Samples pg_stat_activity every 20 ms while `work` runs; counts MultiXacts and WAL around it. */
export async function measureContention(
  db: Db,
  work: () => Promise<void>,
  changes: () => number,
): Promise<Contention> {
  await sql`SELECT pg_stat_clear_snapshot()`.execute(db);
  const before = await counters(db);
  const events = new Map<string, number>();
  let samples = 0;
  let running = true;
  const sampler = (async () => {
    while (running) {
      const { rows } = await sql<{ event: string; n: string }>`
        SELECT coalesce(wait_event_type || ':' || wait_event, 'CPU') AS event, count(*) AS n
        FROM pg_stat_activity
        WHERE backend_type = 'client backend' AND state = 'active' AND pid <> pg_backend_pid()
        GROUP BY 1`.execute(db);
      for (const r of rows) events.set(r.event, (events.get(r.event) ?? 0) + Number(r.n));
      samples++;
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  try {
    await work();
  } finally {
    running = false;
    await sampler;
  }
  await sql`SELECT pg_stat_clear_snapshot()`.execute(db);
  const after = await counters(db);
  const n = Math.max(1, changes());
  const total = [...events.values()].reduce((a, b) => a + b, 0) || 1;
  return {
    perChange: {
      multixacts: (after.multixacts - before.multixacts) / n,
      walRecords: (after.walRecords - before.walRecords) / n,
      walFpi: (after.walFpi - before.walFpi) / n,
      walBytes: (after.walBytes - before.walBytes) / n,
    },
    waits: [...events.entries()]
      .map(([event, count]) => ({ event, share: count / total }))
      .sort((a, b) => b.share - a.share),
    samples,
  };
}

/** Markdown lines for the report. */
export function contentionLines(c: Contention): string[] {
  const p = c.perChange;
  return [
    `Per change: ${p.multixacts.toFixed(2)} MultiXact ids created (a row key-share-locked by several transactions at once), ${p.walRecords.toFixed(1)} WAL records, ${p.walFpi.toFixed(2)} full-page images, ${(p.walBytes / 1024).toFixed(2)} kB of WAL.`,
    '',
    `Active client backends, sampled every 20 ms (${c.samples} samples): ${c.waits
      .slice(0, 8)
      .map((w) => `${w.event} ${(w.share * 100).toFixed(0)}%`)
      .join(', ')}.`,
  ];
}
