import fs from 'node:fs/promises';
import path from 'node:path';
import type { SqlFile } from './sql-files';

/** The committed checksum of every migration: a test compares it with the files. */
export const MIGRATIONS_LOCK = path.join(import.meta.dirname, 'migrations.lock');
export const LOCK_COMMAND = 'npm run migrations:lock -w @stocksync/server';

const HEADER = `# sha256 of every committed migration (line endings normalised), compared with the files by
# test/unit/migrations-lock.test.ts. A committed migration never changes: put a change in a new
# migration. After adding one, run \`${LOCK_COMMAND}\` and commit this file with it.
`;

export async function readLock(file = MIGRATIONS_LOCK): Promise<Map<string, string>> {
  const text = await fs.readFile(file, 'utf8').catch(() => '');
  const entries = text
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('#'))
    .map((line) => line.trim().split(/\s+/) as [string, string]);
  return new Map(entries);
}

export function formatLock(migrations: SqlFile[]): string {
  return HEADER + migrations.map((m) => `${m.name} ${m.checksum}\n`).join('');
}

export interface LockProblem {
  kind: 'new' | 'edited' | 'removed';
  message: string;
}

/** Where the files disagree with the lock, one sentence per migration for the developer. */
export function lockProblems(migrations: SqlFile[], locked: Map<string, string>): LockProblem[] {
  const names = new Set(migrations.map((m) => m.name));
  const problems = migrations.flatMap((m): LockProblem[] => {
    const checksum = locked.get(m.name);
    if (checksum === m.checksum) return [];
    if (checksum === undefined) {
      const message = `${m.name} is not in migrations.lock: run \`${LOCK_COMMAND}\` and commit the lock.`;
      return [{ kind: 'new', message }];
    }
    const message =
      `${m.name} was edited after it was committed (its sha256 differs from migrations.lock): ` +
      'databases that applied it would never get the edit, and migrate refuses to run on them. ' +
      'Restore the file and add a new migration instead.';
    return [{ kind: 'edited', message }];
  });
  const removed = [...locked.keys()].filter((name) => !names.has(name));
  return problems.concat(
    removed.map((name) => ({
      kind: 'removed',
      message: `${name} is in migrations.lock but its file is gone: restore it.`,
    })),
  );
}
