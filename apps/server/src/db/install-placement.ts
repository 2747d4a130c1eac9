import path from 'node:path';
import {
  SHARED_ROOT,
  packagedBinaries,
  postgresAccount,
  reachableBinaries,
  reachableDataDir,
} from './postgres-install';

export /**
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
