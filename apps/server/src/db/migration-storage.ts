import type pg from 'pg';
import type { UmzugStorage } from 'umzug';
import type { SqlFile } from './sql-files';

export class EditedMigrationError extends Error {}

/**
 * Umzug's record of applied migrations: schema_migrations, one row per file with its checksum.
 * Databases migrated before checksums were recorded get the current files' sums on their first
 * run. Refuses to go on when a file already applied no longer has the checksum it was applied with.
 */
export async function checksumStorage(
  client: pg.ClientBase,
  migrations: SqlFile[],
): Promise<UmzugStorage> {
  const checksums = new Map(migrations.map((m) => [m.name, m.checksum]));
  await client.query(
    `CREATE TABLE IF NOT EXISTS schema_migrations (
       name text PRIMARY KEY,
       applied_at timestamptz NOT NULL DEFAULT now()
     )`,
  );
  await client.query('ALTER TABLE schema_migrations ADD COLUMN IF NOT EXISTS checksum text');
  await client.query(
    `UPDATE schema_migrations s SET checksum = f.checksum
     FROM unnest($1::text[], $2::text[]) AS f (name, checksum)
     WHERE s.name = f.name AND s.checksum IS NULL`,
    [[...checksums.keys()], [...checksums.values()]],
  );
  const { rows } = await client.query<{ name: string; checksum: string | null }>(
    'SELECT name, checksum FROM schema_migrations ORDER BY name',
  );
  const edited = rows.filter((r) => checksums.has(r.name) && checksums.get(r.name) !== r.checksum);
  if (edited.length > 0) {
    const names = edited.map((r) => r.name).join(', ');
    throw new EditedMigrationError(
      `Migration ${names} was edited after this database applied it (its checksum differs from ` +
        'the one recorded in schema_migrations). Restore the file and put the change in a new migration.',
    );
  }
  return {
    executed: async () => rows.map((r) => r.name),
    logMigration: async ({ name }) => {
      await client.query('INSERT INTO schema_migrations (name, checksum) VALUES ($1, $2)', [
        name,
        checksums.get(name),
      ]);
    },
    unlogMigration: async ({ name }) => {
      await client.query('DELETE FROM schema_migrations WHERE name = $1', [name]);
    },
  };
}
