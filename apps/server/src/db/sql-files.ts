import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

export interface SqlFile {
  name: string;
  sql: string;
  checksum: string;
}

/** sha256 of a file's text, line endings normalised so a Windows checkout has the same sums. */
export function checksumOf(sql: string): string {
  return createHash('sha256').update(sql.replaceAll('\r\n', '\n')).digest('hex');
}

/** The files of a folder whose names match `pattern`, in name order (the order they run in). */
export async function readSqlFiles(dir: string, pattern = /\.sql$/): Promise<SqlFile[]> {
  const names = (await fs.readdir(dir)).filter((name) => pattern.test(name)).sort();
  return Promise.all(
    names.map(async (name) => {
      const sql = await fs.readFile(path.join(dir, name), 'utf8');
      return { name, sql, checksum: checksumOf(sql) };
    }),
  );
}
