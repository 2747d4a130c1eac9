import path from 'node:path';
import type pg from 'pg';
import { readSqlFiles } from './sql-files';

/**
 * The current definition of every SQL function, trigger and view: one file per function (with the
 * triggers that call it) or view, named after it. Migrations create tables; these files say what
 * the functions, triggers and views are now.
 */
export const DEFINITIONS_DIR = path.join(import.meta.dirname, 'definitions');

/**
 * Applies every definition file, in name order, when one of them changed since the last run or
 * when `schemaChanged` (a migration ran, and may have dropped what a definition creates); records
 * their checksums. Runs in the caller's transaction. Returns the names applied.
 */
export async function applyDefinitions(
  client: pg.ClientBase,
  schemaChanged: boolean,
  dir = DEFINITIONS_DIR,
): Promise<string[]> {
  const files = await readSqlFiles(dir);
  await client.query(
    `CREATE TABLE IF NOT EXISTS schema_definitions (
       name text PRIMARY KEY,
       checksum text NOT NULL,
       applied_at timestamptz NOT NULL DEFAULT now()
     )`,
  );
  const { rows } = await client.query<{ name: string; checksum: string }>(
    'SELECT name, checksum FROM schema_definitions',
  );
  const recorded = new Map(rows.map((row) => [row.name, row.checksum]));
  const changed =
    schemaChanged ||
    rows.length !== files.length ||
    files.some((file) => recorded.get(file.name) !== file.checksum);
  if (!changed) return [];
  for (const file of files) await client.query(file.sql);
  await client.query('DELETE FROM schema_definitions');
  await client.query(
    `INSERT INTO schema_definitions (name, checksum)
     SELECT * FROM unnest($1::text[], $2::text[])`,
    [files.map((file) => file.name), files.map((file) => file.checksum)],
  );
  return files.map((file) => file.name);
}
