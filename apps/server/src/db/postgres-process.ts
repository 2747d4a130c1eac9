import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import fs from 'node:fs';
import type { PostgresAccount, PostgresBinaries } from './postgres-install';

// English messages whatever the machine's locale: readiness is recognised by its message.
const ENV = { ...process.env, LC_MESSAGES: 'C' };
const READY = 'database system is ready to accept connections';

function spawnOptions(account: PostgresAccount | null): SpawnOptions {
  return {
    ...(account ?? {}),
    cwd: '/',
    env: ENV,
    stdio: ['ignore', 'pipe', 'pipe'],
  };
}

/** Calls `log` with each line the child writes; returns the last lines for an error message. */
function forwardOutput(child: ChildProcess, log: (line: string) => void): () => string {
  const tail: string[] = [];
  const onData = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (!line.trim()) continue;
      log(line.trimEnd());
      tail.push(line.trimEnd());
      if (tail.length > 5) tail.shift();
    }
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  return () => tail.join(' | ');
}

/** Creates a cluster in `dataDir` (which must not exist or be empty). */
export async function initdb(options: {
  binaries: PostgresBinaries;
  account: PostgresAccount | null;
  dataDir: string;
  password: string;
  flags: string[];
  log: (line: string) => void;
}): Promise<void> {
  const { account, dataDir } = options;
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const pwfile = `${dataDir}.pwfile`;
  fs.writeFileSync(pwfile, `${options.password}\n`, { mode: 0o600 });
  try {
    if (account) {
      fs.chownSync(dataDir, account.uid, account.gid);
      fs.chownSync(pwfile, account.uid, account.gid);
    }
    const child = spawn(
      options.binaries.initdb,
      [
        `--pgdata=${dataDir}`,
        '--auth=scram-sha-256',
        '--username=postgres',
        `--pwfile=${pwfile}`,
        '--lc-messages=C',
        ...options.flags,
      ],
      spawnOptions(account),
    );
    const tail = forwardOutput(child, options.log);
    const code = await new Promise<number | null>((resolve, reject) => {
      child.once('error', reject);
      child.once('close', resolve);
    });
    if (code !== 0) throw new Error(`initdb failed (exit ${code}): ${tail()}`);
  } finally {
    fs.rmSync(pwfile, { force: true });
  }
}

/**
 * Starts postgres in its own process group (detached), so a terminal's Ctrl+C reaches only the
 * app, which then stops PostgreSQL last, after closing its connections. Resolves once PostgreSQL
 * accepts connections.
 */
export async function startPostgresProcess(options: {
  binaries: PostgresBinaries;
  account: PostgresAccount | null;
  dataDir: string;
  port: number;
  flags: string[];
  log: (line: string) => void;
}): Promise<ChildProcess> {
  const child = spawn(
    options.binaries.postgres,
    ['-D', options.dataDir, '-p', String(options.port), ...options.flags],
    { ...spawnOptions(options.account), detached: true },
  );
  const tail = forwardOutput(child, options.log);
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      if (!chunk.toString('utf8').includes(READY)) return;
      child.stderr?.off('data', onData);
      child.off('close', onClose);
      resolve();
    };
    const onClose = (code: number | null, signal: string | null) =>
      reject(
        new Error(`postgres exited before it was ready (${signal ?? `exit ${code}`}): ${tail()}`),
      );
    child.stderr?.on('data', onData);
    child.once('close', onClose);
    child.once('error', reject);
  });
  return child;
}
