import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { placeInstall } from './install-placement';
import { initdb, startPostgresProcess } from './postgres-process';
import { clearStaleServer } from './stale-server';

export interface EmbeddedDatabase {
  connectionString: string;
  port: number;
  /** Where the data actually lives (see placeInstall in install-placement.ts). */
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
