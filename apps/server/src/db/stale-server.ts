import fs from 'node:fs';
import path from 'node:path';
import { inspectProcess, processAlive, waitForExit } from './postgres-probe';

export /**
 * A crash can leave postmaster.pid behind. If its process is gone, remove the file. If it is a
 * postgres orphaned by an earlier run of ours (re-parented to init), shut it down. Anything else
 * means another live server owns the directory, which we report instead of touching.
 */
async function clearStaleServer(dataDir: string, log: (line: string) => void): Promise<void> {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !processAlive(pid)) {
    log(`removing stale ${pidFile}`);
    fs.rmSync(pidFile, { force: true });
    return;
  }
  const info = inspectProcess(pid, dataDir);
  // Without /proc, PostgreSQL's own pid-file check decides.
  if (!info) return;
  if (!info.ours) {
    // The pid was reused by an unrelated process after a crash or reboot.
    log(`removing stale ${pidFile}`);
    fs.rmSync(pidFile, { force: true });
    return;
  }
  if (!info.orphaned) {
    throw new Error(
      `PostgreSQL (pid ${pid}) is already running on ${dataDir}; stop the other server or use another DATA_DIR`,
    );
  }
  log(`stopping orphaned embedded PostgreSQL (pid ${pid}) left by an earlier run`);
  process.kill(pid, 'SIGINT');
  if (!(await waitForExit(pid, 15_000))) throw new Error(`PostgreSQL pid ${pid} did not stop`);
}
