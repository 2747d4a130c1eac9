import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { MIGRATIONS_DIR, migrate } from '../../src/db/migrate';
import { databaseUrl } from '../support/test-db';

/** An empty database (dropped with the run's others) and a copy of the migrations to edit. */
let url: string;
let dir: string;

async function query<T extends pg.QueryResultRow>(sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

beforeEach(async () => {
  const name = `${inject('testDbPrefix')}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: inject('testAdminUrl') });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  url = databaseUrl(inject('testAdminUrl'), name);
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'stocksync-migrations-'));
  await fs.cp(MIGRATIONS_DIR, dir, { recursive: true });
});

afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

describe('migrate', () => {
  it('refuses to run when a migration this database applied was edited, naming the file', async () => {
    const all = await migrate(url, dir);
    expect(all).toContain('0002_catalog.sql');
    await fs.appendFile(path.join(dir, '0002_catalog.sql'), 'ALTER TABLE products ADD x int;\n');
    await fs.writeFile(path.join(dir, '9001_probe.sql'), 'CREATE TABLE probe (id int);\n');

    await expect(migrate(url, dir)).rejects.toThrow(
      /^Migration 0002_catalog\.sql was edited after this database applied it .* new migration\.$/,
    );
    const probe = await query("SELECT 1 FROM pg_class WHERE relname = 'probe'");
    expect(probe).toEqual([]);
  });

  it('records the checksums of a database migrated before they were kept, applying nothing', async () => {
    await migrate(url, dir);
    await query(
      'ALTER TABLE schema_migrations DROP COLUMN checksum; DROP TABLE schema_definitions',
    );

    expect(await migrate(url, dir)).toEqual([]);
    const rows = await query<{ unrecorded: string }>(
      'SELECT count(*) FILTER (WHERE checksum IS NULL) AS unrecorded FROM schema_migrations',
    );
    expect(rows).toEqual([{ unrecorded: '0' }]);
    await fs.appendFile(path.join(dir, '0001_auth_and_organizations.sql'), '-- edited\n');
    await expect(migrate(url, dir)).rejects.toThrow(/0001_auth_and_organizations\.sql was edited/);
  });

  it('applies a new migration once when two processes start at the same time', async () => {
    await migrate(url, dir);
    await fs.writeFile(path.join(dir, '9001_probe.sql'), 'CREATE TABLE probe (id int);\n');

    const runs = await Promise.all([migrate(url, dir), migrate(url, dir)]);
    expect(runs.flat()).toEqual(['9001_probe.sql']);
  });
});
