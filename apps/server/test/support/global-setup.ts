import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../../src/db/embedded';
import { makeWorkerUtils } from 'graphile-worker';
import { migrate } from '../../src/db/migrate';
import { databaseUrl } from './test-db';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Server-level connection string (database `postgres`) of the test PostgreSQL. */
    testAdminUrl: string;
    /** Migrated database every test file clones. */
    testTemplateDb: string;
    /** Prefix of every database this run creates, so teardown can drop leftovers. */
    testDbPrefix: string;
  }
}

/**
 * One PostgreSQL per run: TEST_DATABASE_URL when set (CI), otherwise an embedded server in a
 * temporary directory. The schema is migrated once into a template that test files clone.
 */
export default async function setup(project: TestProject) {
  let embedded: EmbeddedDatabase | undefined;
  let tempDir: string | undefined;
  let adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stocksync-test-pg-'));
    // As root the server runs as the postgres user, which must be able to enter the directory.
    fs.chmodSync(tempDir, 0o755);
    embedded = await startEmbeddedPostgres({
      dataDir: path.join(tempDir, 'pg'),
      settings: { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' },
    });
    adminUrl = embedded.connectionString;
  }
  const prefix = `stocksync_test_${randomBytes(4).toString('hex')}`;
  const template = `${prefix}_template`;

  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${template}`);
  await admin.end();
  await migrate(databaseUrl(adminUrl, template));
  // The job queue's schema too, so every clone can queue jobs (main.ts migrates it at start).
  const queue = await makeWorkerUtils({ connectionString: databaseUrl(adminUrl, template) });
  await queue.migrate();
  await queue.release();

  project.provide('testAdminUrl', adminUrl);
  project.provide('testTemplateDb', template);
  project.provide('testDbPrefix', prefix);

  return async () => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ datname: string }>(
        'SELECT datname FROM pg_database WHERE datname LIKE $1',
        [`${prefix}%`],
      );
      for (const { datname } of rows) {
        await client.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
      }
    } finally {
      await client.end();
    }
    await embedded?.stop();
    if (tempDir) fs.rmSync(tempDir, { recursive: true, force: true });
  };
}
