import fs from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { applyDefinitions } from './definitions';

export const MIGRATIONS_DIR = path.join(import.meta.dirname, 'migrations');
// Arbitrary constant shared by every process that migrates this database.
const ADVISORY_LOCK_KEY = 7_421_904_118;

export async function listMigrations(
  dir = MIGRATIONS_DIR,
): Promise<{ name: string; sql: string }[]> {
  const files = (await fs.readdir(dir)).filter((f) => /^\d{4}_[a-z0-9_]+\.sql$/.test(f)).sort();
  return Promise.all(
    files.map(async (name) => ({ name, sql: await fs.readFile(path.join(dir, name), 'utf8') })),
  );
}

/**
 * Applies pending migrations in order inside one transaction under an advisory lock, so
 * concurrent starts cannot apply the same file twice, then the definitions of every SQL function,
 * trigger and view (definitions.ts). Returns the names of the migrations applied.
 */
export async function migrate(connectionString: string, dir = MIGRATIONS_DIR): Promise<string[]> {
  const migrations = await listMigrations(dir);
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [ADVISORY_LOCK_KEY]);
    await client.query(
      `CREATE TABLE IF NOT EXISTS schema_migrations (
         name text PRIMARY KEY,
         applied_at timestamptz NOT NULL DEFAULT now()
       )`,
    );
    const { rows } = await client.query<{ name: string }>('SELECT name FROM schema_migrations');
    const done = new Set(rows.map((r) => r.name));
    const applied: string[] = [];
    for (const migration of migrations) {
      if (done.has(migration.name)) continue;
      await client.query(migration.sql);
      await client.query('INSERT INTO schema_migrations (name) VALUES ($1)', [migration.name]);
      applied.push(migration.name);
    }
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
