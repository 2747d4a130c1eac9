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
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    // One plan per statement and connection, whatever the organisation: with the default (auto),
    // PostgreSQL re-plans a statement on every call when its generic plan looks dearer than the
    // plans for the values seen so far, which a list page's offset and a 5,000-product
    // organisation beside a 100,000-product one were enough for. Our statements are lookups and
    // pages by key, whose plan does not depend on the values (docs/decisions/0045). Set when the
    // connection starts, so no query races the first one a pool user sends.
    options: '-c plan_cache_mode=force_generic_plan',
  });
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
