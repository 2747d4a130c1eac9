import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyDefinitions, DEFINITIONS_DIR } from '../../src/db/definitions';
import { MIGRATION_FILE, MIGRATIONS_DIR } from '../../src/db/migrate';
import { readSqlFiles, type SqlFile } from '../../src/db/sql-files';
import { declaredObjects, schemaObjects } from '../support/schema-objects';
import { createTestDatabase, type TestDatabase } from '../support/test-db';

// The last migration written before src/db/definitions/ held every function, trigger and view.
const LAST_MIGRATION_WITH_DEFINITIONS = '0018_ledger_opaque_references.sql';

let database: TestDatabase;
let definitions: SqlFile[];

beforeAll(async () => {
  database = await createTestDatabase(); // a clone of the run's template, migrated from scratch
  definitions = await readSqlFiles(DEFINITIONS_DIR);
});
afterAll(() => database.drop());

describe('src/db/definitions', () => {
  it('defines every function, trigger and view of a database built from scratch, each in one file', async () => {
    const declaredBy = new Map<string, string[]>();
    for (const file of definitions) {
      for (const object of declaredObjects(file.sql)) {
        const key = `${object.kind} ${object.name}`;
        declaredBy.set(key, [...(declaredBy.get(key) ?? []), file.name]);
      }
    }
    const client = await database.pool.connect();
    const live = await schemaObjects(client).finally(() => client.release());
    const problems = live.flatMap(({ kind, name }) => {
      const files = declaredBy.get(`${kind} ${name}`) ?? [];
      if (files.length === 1) return [];
      if (files.length > 1) return [`${kind} ${name} is defined by ${files.join(' and ')}`];
      return [
        `${kind} ${name} exists only because a migration created it: give it a file in ` +
          'src/db/definitions/ or drop it in a new migration',
      ];
    });
    const liveKeys = new Set(live.map(({ kind, name }) => `${kind} ${name}`));
    for (const [key, files] of declaredBy) {
      if (!liveKeys.has(key)) problems.push(`${key} (${files.join(', ')}) is not in the database`);
    }
    expect(problems, problems.join('\n')).toEqual([]);
  });

  it('names each file after the one function or view it defines', () => {
    const misnamed = definitions.flatMap((file) => {
      const main = declaredObjects(file.sql).filter((object) => object.kind !== 'trigger');
      const expected = path.basename(file.name, '.sql');
      return main.length === 1 && main[0]!.name === expected
        ? []
        : [`${file.name} defines ${main.map((o) => o.name).join(', ') || 'no function or view'}`];
    });
    expect(misnamed).toEqual([]);
  });

  it('changes nothing when applied again (every file replaces what it defines)', async () => {
    const client = await database.pool.connect();
    try {
      const before = await schemaObjects(client);
      await client.query('BEGIN');
      await applyDefinitions(client, true);
      await client.query('COMMIT');
      expect(await schemaObjects(client)).toEqual(before);
    } finally {
      client.release();
    }
  });

  it('is where they are defined: no migration after 0018 defines one', async () => {
    const migrations = await readSqlFiles(MIGRATIONS_DIR, MIGRATION_FILE);
    const redefinitions = migrations
      .filter((migration) => migration.name > LAST_MIGRATION_WITH_DEFINITIONS)
      .flatMap((migration) =>
        declaredObjects(migration.sql).map(
          ({ kind, name }) =>
            `${migration.name} creates ${kind} ${name}: write it in src/db/definitions/ instead ` +
            '(a migration may drop one, e.g. before its file changes its arguments or result type)',
        ),
      );
    expect(redefinitions, redefinitions.join('\n')).toEqual([]);
  });
});
