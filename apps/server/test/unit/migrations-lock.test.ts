import { describe, expect, it } from 'vitest';
import { MIGRATION_FILE, MIGRATIONS_DIR } from '../../src/db/migrate';
import { lockProblems, readLock } from '../../src/db/migrations-lock';
import { checksumOf, readSqlFiles, type SqlFile } from '../../src/db/sql-files';

const file = (name: string, sql: string): SqlFile => ({ name, sql, checksum: checksumOf(sql) });

describe('migrations.lock', () => {
  it('holds the checksum of every migration as committed', async () => {
    const migrations = await readSqlFiles(MIGRATIONS_DIR, MIGRATION_FILE);
    const problems = lockProblems(migrations, await readLock()).map((p) => p.message);
    expect(problems, problems.join('\n')).toEqual([]);
  });

  it('tells the developer to add a new migration when a committed one was edited', () => {
    const locked = new Map([['0001_a.sql', checksumOf('CREATE TABLE a ();\n')]]);
    const [problem] = lockProblems([file('0001_a.sql', 'CREATE TABLE a (id int);\n')], locked);
    expect(problem?.kind).toBe('edited');
    expect(problem?.message).toMatch(/^0001_a\.sql was edited after it was committed/);
    expect(problem?.message).toMatch(/add a new migration instead/);
  });

  it('names a migration missing from the lock and one whose file is gone', () => {
    const locked = new Map([['0001_a.sql', checksumOf('x')]]);
    const problems = lockProblems([file('0002_b.sql', 'y')], locked);
    expect(problems.map((p) => [p.kind, p.message.split(' ')[0]])).toEqual([
      ['new', '0002_b.sql'],
      ['removed', '0001_a.sql'],
    ]);
  });

  it('ignores line endings, so a Windows checkout has the same sums', () => {
    expect(checksumOf('SELECT 1;\r\nSELECT 2;\r\n')).toBe(checksumOf('SELECT 1;\nSELECT 2;\n'));
  });
});
