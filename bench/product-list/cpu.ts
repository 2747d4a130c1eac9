/* CPU time of processes from /proc (Linux), to split a load's cost between its processes. */
import fs from 'node:fs';
import path from 'node:path';

const TICK_MS = 10; // USER_HZ is 100 on Linux

function statFields(pid: number): string[] | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may contain spaces) start at the state, field 3.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined; // exited
  }
}

/** User + system CPU time in ms of the processes, as far as they are still running. */
export function cpuMs(pids: readonly number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    const f = statFields(pid);
    if (f) ticks += Number(f[11]) + Number(f[12]); // utime, stime (fields 14, 15)
  }
  return ticks * TICK_MS;
}

/**
 * CPU time in ms of a PostgreSQL server: its postmaster, the children running now, and those that
 * exited (a pool closes idle connections; their time is added to the postmaster's children time).
 */
export function postgresCpuMs(dataDir: string): number {
  const postmaster = Number(
    fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0],
  );
  const own = statFields(postmaster);
  if (!own) return NaN;
  const children = fs
    .readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((pid) => Number(statFields(pid)?.[1]) === postmaster); // ppid, field 4
  const exited = (Number(own[13]) + Number(own[14])) * TICK_MS; // cutime, cstime (16, 17)
  return cpuMs([postmaster, ...children]) + exited;
}

/** CPU time in ms of each process of a PostgreSQL server, and of its children that exited. */
export interface PostgresCpuSnapshot {
  perPid: Map<number, number>;
  exited: number;
}

export function postgresCpuSnapshot(dataDir: string): PostgresCpuSnapshot {
  const postmaster = Number(
    fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0],
  );
  const own = statFields(postmaster);
  const perPid = new Map<number, number>();
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const pid = Number(name);
    const f = statFields(pid);
    if (f && (pid === postmaster || Number(f[1]) === postmaster)) {
      perPid.set(pid, (Number(f[11]) + Number(f[12])) * TICK_MS);
    }
  }
  const exited = own ? (Number(own[13]) + Number(own[14])) * TICK_MS : NaN;
  return { perPid, exited };
}

/**
 * PostgreSQL's CPU time between two snapshots. A child that exits hands its whole lifetime's time
 * to the postmaster's children total; the part it had spent before `start` is taken off (a pool
 * closing a connection that was busy before the interval must not charge that work to it).
 */
export function postgresCpuBetween(start: PostgresCpuSnapshot, end: PostgresCpuSnapshot): number {
  let live = 0;
  for (const [pid, ms] of end.perPid) live += ms - (start.perPid.get(pid) ?? 0);
  let before = 0;
  for (const [pid, ms] of start.perPid) if (!end.perPid.has(pid)) before += ms;
  return live + (end.exited - start.exited) - before;
}
