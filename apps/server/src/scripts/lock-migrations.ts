// Records the checksum of each new migration in src/db/migrations.lock (npm run migrations:lock).
// Refuses when a migration already in the lock was edited or removed, unless it is named with
// --update (only for a migration no shared database has applied yet).
import fs from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { MIGRATION_FILE, MIGRATIONS_DIR } from '../db/migrate';
import { MIGRATIONS_LOCK, formatLock, lockProblems, readLock } from '../db/migrations-lock';
import { readSqlFiles } from '../db/sql-files';

const { values } = parseArgs({ options: { update: { type: 'string', multiple: true } } });
const migrations = await readSqlFiles(MIGRATIONS_DIR, MIGRATION_FILE);
const locked = await readLock();
for (const name of values.update ?? []) locked.delete(name);
const refused = lockProblems(migrations, locked).filter((problem) => problem.kind !== 'new');
if (refused.length > 0) {
  console.error(refused.map((problem) => problem.message).join('\n'));
  process.exit(1);
}
await fs.writeFile(MIGRATIONS_LOCK, formatLock(migrations));
console.log(`migrations.lock: ${migrations.length} migrations`);
