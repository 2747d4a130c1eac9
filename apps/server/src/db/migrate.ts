import path from 'node:path';
import pg from 'pg';
import { applyDefinitions } from './definitions';
import { checksumStorage } from './migration-storage';
import { readSqlFiles, type SqlFile } from './sql-files';
import type { UmzugStorage } from 'umzug';

export const MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations');
export const MIGRATION_FILE = /^\d{4}_[a-z0-9_]+\.sql$/;
// Arbitrary constant shared by every process that migrates this database.
const ADVISORY_LOCK_KEY = 7_421_904_118;

/**
 * Applies the pending migrations in name order (umzug, docs/decisions/0038), then the definitions
 * of every SQL function, trigger and view (definitions.ts), in one transaction under an advisory
 * lock, so concurrent starts cannot apply a file twice. Refuses to run when a migration this
 * database applied was edited since. Returns the names of the migrations applied.
 */
export async function migrate(connectionString: string, dir = MIGRATIONS_DIR): Promise<string[]> {
  const migrations = await readSqlFiles(dir, MIGRATION_FILE);
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [ADVISORY_LOCK_KEY]);
    const storage = await checksumStorage(client, migrations);
    const executed = new Set(await storage.executed({ context: undefined }));
    const pending = migrations.filter((m) => !executed.has(m.name));
    // umzug loads its command-line parser with it (about 25 MB resident for the life of the
    // process), so a start with nothing to apply does not load it.
    const applied = pending.length === 0 ? [] : await runPending(storage, pending, client);
    await applyDefinitions(client, applied.length > 0);
    await client.query('COMMIT');
    return applied;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}

async function runPending(
  storage: UmzugStorage,
  pending: SqlFile[],
  client: pg.Client,
): Promise<string[]> {
  const { Umzug } = await import('umzug');
  const umzug = new Umzug({
    migrations: pending.map(({ name, sql }) => ({ name, up: () => client.query(sql) })),
    storage,
    logger: undefined,
  });
  return (await umzug.up()).map((migration) => migration.name);
}
