import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import {
  SHARED_ROOT,
  packagedBinaries,
  postgresAccount,
  reachableBinaries,
  reachableDataDir,
} from './postgres-install';
import { initdb, startPostgresProcess } from './postgres-process';

export interface EmbeddedDatabase {
  connectionString: string;
  port: number;
  /** Where the data actually lives (see placeInstall). */
  dataDir: string;
  stop(): Promise<void>;
}

export interface EmbeddedOptions {
  /** PostgreSQL data directory (created and initialised on first start). */
  dataDir: string;
  /** Extra `-c name=value` settings, e.g. fsync=off for tests. */
  settings?: Record<string, string>;
  onLog?: (line: string) => void;
  /** Something the operator should know (where the data lives when it had to move). */
  onNotice?: (line: string) => void;
}

/** Asks the OS for a free port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function readOrCreatePassword(file: string): string {
  try {
    fs.writeFileSync(file, randomBytes(18).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return fs.readFileSync(file, 'utf8').trim();
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** What /proc says about `pid`: a postgres serving `dataDir`, and whether its parent died. */
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

async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!processAlive(pid)) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return !processAlive(pid);
}

/**
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

/**
 * The binaries and data directory PostgreSQL can use. As root it runs as the `postgres` account,
 * which cannot enter a clone under a private home such as /root (mode 700): then both are kept
 * under SHARED_ROOT instead (docs/decisions/0036-embedded-postgres-process.md).
 */
async function placeInstall(requested: string, notice: (line: string) => void) {
  const account = postgresAccount();
  const packaged = await packagedBinaries();
  if (!account) return { account, binaries: packaged, dataDir: requested };
  try {
    const binaries = reachableBinaries(packaged, account);
    const dataDir = reachableDataDir(requested, account);
    if (dataDir !== requested) {
      notice(
        `embedded PostgreSQL keeps its data in ${dataDir}: running as root, PostgreSQL runs as the postgres user, which cannot enter ${path.dirname(requested)}`,
      );
    }
    return { account, binaries, dataDir };
  } catch (error) {
    throw new Error(
      `running as root, PostgreSQL runs as the postgres user, which cannot reach its binaries or ${path.dirname(requested)}, and ${SHARED_ROOT} could not be used instead (${String(error)}): run as a non-root user, or put the clone and DATA_DIR in a directory other users can enter (e.g. /srv or /opt)`,
      { cause: error },
    );
  }
}

/** Starts (initialising on first use) a PostgreSQL that listens only on 127.0.0.1. */
export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedDatabase> {
  const log = options.onLog ?? (() => undefined);
  const { account, binaries, dataDir } = await placeInstall(
    path.resolve(options.dataDir),
    options.onNotice ?? log,
  );
  fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  const password = readOrCreatePassword(`${dataDir}.password`);
  const port = await freePort();
  const settings = {
    listen_addresses: '127.0.0.1',
    unix_socket_directories: '',
    max_connections: '100',
    ...options.settings,
  };

  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) {
    // A half-finished initdb leaves a directory that initdb refuses to reuse.
    fs.rmSync(dataDir, { recursive: true, force: true });
    log(`initialising PostgreSQL in ${dataDir}`);
    await initdb({
      binaries,
      account,
      dataDir,
      password,
      flags: ['--encoding=UTF8', '--locale-provider=builtin', '--builtin-locale=C.UTF-8'],
      log,
    });
  } else {
    await clearStaleServer(dataDir, log);
  }
  const child = await startPostgresProcess({
    binaries,
    account,
    dataDir,
    port,
    flags: Object.entries(settings).flatMap(([k, v]) => ['-c', `${k}=${v}`]),
    log,
  }).catch((error: unknown) => {
    throw new Error(`embedded PostgreSQL failed to start: ${String(error)}`, { cause: error });
  });

  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  // Safety net: PostgreSQL is in its own process group, so nothing else stops it if the app
  // exits without calling stop() (an uncaught error); fast shutdown then.
  const onExit = () => {
    if (!exited) child.kill('SIGINT');
  };
  process.once('exit', onExit);
  return {
    port,
    dataDir,
    connectionString: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`,
    async stop() {
      process.off('exit', onExit);
      if (exited) return;
      const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      // Smart shutdown lets connections that are closing finish; fast shutdown if that stalls.
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGINT'), 5000);
      await gone;
      clearTimeout(timer);
    },
  };
}
