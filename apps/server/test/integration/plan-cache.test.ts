import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../support/test-db';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

describe('prepared statements (src/db/prepared-statements.ts)', () => {
  it('are planned once per connection, whatever the values: never re-planned per call', async () => {
    const organizations = [crypto.randomUUID(), crypto.randomUUID()];
    const client = await database.pool.connect();
    try {
      const { rows } = await client.query<{ plan_cache_mode: string }>('SHOW plan_cache_mode');
      expect(rows[0]!.plan_cache_mode).toBe('force_generic_plan');
      // A parameterised statement through the pool's clients runs as a named prepared statement.
      for (let i = 0; i < 8; i++) {
        await client.query('SELECT count(*) FROM products WHERE organization_id = $1', [
          organizations[i % 2],
        ]);
      }
      const plans = await client.query<{ generic_plans: string; custom_plans: string }>(
        `SELECT generic_plans, custom_plans FROM pg_prepared_statements
         WHERE statement = 'SELECT count(*) FROM products WHERE organization_id = $1'`,
      );
      expect(plans.rows).toEqual([{ generic_plans: '8', custom_plans: '0' }]);
    } finally {
      client.release();
    }
    // Kysely's queries go through the same clients.
    const { rows } = await sql<{ mode: string }>`
      SELECT current_setting('plan_cache_mode') AS mode WHERE ${1}::int = 1`.execute(database.db);
    expect(rows[0]!.mode).toBe('force_generic_plan');
  });
});
