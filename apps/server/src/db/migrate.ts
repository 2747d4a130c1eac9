import path from 'node:path';
import pg from 'pg';
import { Umzug } from 'umzug';
import { applyDefinitions } from './definitions';
import { checksumStorage } from './migration-storage';
import { readSqlFiles } from './sql-files';

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
    const umzug = new Umzug({
      migrations: migrations.map(({ name, sql }) => ({ name, up: () => client.query(sql) })),
      storage: await checksumStorage(client, migrations),
      logger: undefined,
    });
    const applied = (await umzug.up()).map((migration) => migration.name);
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
