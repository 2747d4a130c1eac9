import fs from 'node:fs';

// Whether a process is alive, and whether it is a PostgreSQL serving a given data directory.

export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export /** What /proc says about `pid`: a postgres serving `dataDir`, and whether its parent died. */
function inspectProcess(pid: number, dataDir: string): { ours: boolean; orphaned: boolean } | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    const cmdline = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    const ours = cmdline.includes('postgres') && cmdline.includes(dataDir);
    return { ours, orphaned: ours && ppid === 1 };
  } catch {
    return null; // no /proc (not Linux) or the process just went away
  }
}

export async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!processAlive(pid)) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return !processAlive(pid);
}
