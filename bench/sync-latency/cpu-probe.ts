/*
 * CPU time by process group over a window, from /proc (Linux): this benchmark's process, the
 * server processes, the PostgreSQL cluster (postmaster and its children) and everything else.
 * Used by BENCH_PROFILE to say where the machine's cores went while the sales ran.
 */
import fs from 'node:fs';

export interface CpuGroups {
  servers: readonly number[];
  postmaster: number;
}

type Snapshot = Map<number, { ppid: number; ticks: number }>;

const TICKS_PER_SECOND = 100; // USER_HZ on Linux

function snapshot(): Snapshot {
  const result: Snapshot = new Map();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      // Fields after the command: state(0) ppid(1) … utime(11) stime(12).
      result.set(Number(entry), {
        ppid: Number(fields[1]),
        ticks: Number(fields[11]) + Number(fields[12]),
      });
    } catch {
      // the process ended while we read
    }
  }
  return result;
}

/** Starts a window; the returned function ends it and answers CPU seconds per group. */
export function startCpuWindow(groups: CpuGroups): () => Record<string, number> {
  const before = snapshot();
  const started = performance.now();
  return () => {
    const after = snapshot();
    const totals: Record<string, number> = { bench: 0, servers: 0, postgres: 0, other: 0 };
    const serverPids = new Set(groups.servers);
    for (const [pid, now] of after) {
      const ticks = now.ticks - (before.get(pid)?.ticks ?? 0);
      if (ticks <= 0) continue;
      const group =
        pid === process.pid
          ? 'bench'
          : serverPids.has(pid) || serverPids.has(now.ppid)
            ? 'servers'
            : pid === groups.postmaster || now.ppid === groups.postmaster
              ? 'postgres'
              : 'other';
      totals[group]! += ticks / TICKS_PER_SECOND;
    }
    totals.wall = (performance.now() - started) / 1000;
    return totals;
  };
}
