import pg from 'pg';
import { Kysely, PostgresDialect } from 'kysely';
import { prepareStatements } from './prepared-statements';
import type { Database } from './types';

export type Db = Kysely<Database>;

export interface DbHandle {
  db: Db;
  pool: pg.Pool;
  close(): Promise<void>;
}

export function createDb(connectionString: string, options: { max?: number } = {}): DbHandle {
  const pool = new pg.Pool({ connectionString, max: options.max ?? 10 });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  pool.on('connect', prepareStatements);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    pool,
    async close() {
      // Kysely ends the pool only if it ever used it; end it ourselves otherwise.
      await db.destroy();
      if (!pool.ending) await pool.end();
    },
  };
}
