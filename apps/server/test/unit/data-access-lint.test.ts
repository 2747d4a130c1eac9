import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../src/config/repo-root';

// The repository's own ESLint configuration, run on code given as a file of a module: the rules
// of docs/decisions/0043 as `npm run lint` applies them.
let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: REPO_ROOT });
});

async function problems(file: string, code: string): Promise<string[]> {
  const filePath = path.join(REPO_ROOT, 'apps/server/src/modules', file);
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages
    .filter((m) => m.ruleId?.startsWith('stocksync/'))
    .map((m) => `${m.ruleId!.replace('stocksync/', '')}: ${m.message}`);
}

const header = "import type { Db } from '../../db/client';\n";

describe('stocksync/data-access-in-repositories', () => {
  it('refuses kysely values and query building outside a repository', async () => {
    const found = await problems(
      'activity/service.ts',
      `import { sql } from 'kysely';\n${header}` +
        `export const f = (db: Db) => db.selectFrom('activity_logs').selectAll().execute();\n` +
        'export const g = sql`SELECT 1`;\n',
    );
    expect(found).toEqual([
      expect.stringMatching(/^data-access-in-repositories: 'sql' from 'kysely'/),
      expect.stringMatching(/^data-access-in-repositories: \.selectFrom\(\) builds a query/),
    ]);
  });

  it('allows the Db type outside a repository (services open transactions) and queries in one', async () => {
    expect(
      await problems(
        'activity/service.ts',
        `${header}export const f = (db: Db) => db.transaction().execute(async () => 1);\n`,
      ),
    ).toEqual([]);
    expect(
      await problems(
        'activity/erasure-repository.ts',
        `${header}export const f = (db: Db) => db.deleteFrom('activity_logs').execute();\n`,
      ),
    ).toEqual([]);
  });

  it("refuses graphile-worker's SQL outside the jobs infrastructure", async () => {
    const found = await problems(
      'imports/service.ts',
      "export const q = 'SELECT graphile_worker.add_job($1)';\n",
    );
    expect(found).toContainEqual(expect.stringMatching(/^data-access-in-repositories: graphile/));
    expect(found).toContainEqual(expect.stringMatching(/^table-ownership: graphile-worker's/));
  });
});

describe('stocksync/table-ownership', () => {
  it("refuses a write of another module's table, by query builder or raw SQL", async () => {
    const found = await problems(
      'imports/repository.ts',
      `import { sql } from 'kysely';\n${header}` +
        "export const f = (db: Db) => db.updateTable('products').set({ title: 'x' }).execute();\n" +
        'export const g = (db: Db) => sql`INSERT INTO channel_listings (id) VALUES (1)`.execute(db);\n',
    );
    expect(found).toEqual([
      expect.stringMatching(/^table-ownership: 'products' belongs to the catalog module/),
      expect.stringMatching(/^table-ownership: 'channel_listings' belongs to the sync module/),
    ]);
  });

  it('allows reads the ownership map lists, and refuses the others', async () => {
    const read = (file: string) =>
      problems(
        file,
        `${header}export const f = (db: Db) => db.selectFrom('products as p').selectAll().execute();\n`,
      );
    expect(await read('sync/repository.ts')).toEqual([]);
    expect(await read('activity/repository.ts')).toEqual([
      expect.stringMatching(/^table-ownership: 'products' .* activity is not listed as a reader/),
    ]);
  });

  it("refuses a value import of another module's repository, not a type import", async () => {
    expect(
      await problems(
        'users/service.ts',
        "import { OrganizationsRepository } from '../organizations/repository';\nexport const r = OrganizationsRepository;\n",
      ),
    ).toEqual([expect.stringMatching(/^table-ownership: \.\.\/organizations\/repository is/)]);
    expect(
      await problems(
        'users/service.ts',
        "import type { MemberOrganization } from '../organizations/repository';\nexport type M = MemberOrganization;\n",
      ),
    ).toEqual([]);
  });

  it('asks for an owner for a table the map does not know', async () => {
    expect(
      await problems(
        'imports/repository.ts',
        `${header}export const f = (db: Db) => db.insertInto('new_table' as never).execute();\n`,
      ),
    ).toEqual([expect.stringMatching(/^table-ownership: 'new_table' is not in/)]);
  });
});
