import type { Db } from '../../db/client';
import type { Platform } from '../../db/types';
import { SeedConnectionsRepository } from './seed-connections-repository';

/**
 * The organisation's connections of these platforms and aliases for a demo catalogue (seedCatalog),
 * created once and then reused; each answered with its id.
 */
export async function ensureSeedConnections<T extends { platform: Platform; alias: string }>(
  db: Db,
  organizationId: string,
  wanted: readonly T[],
): Promise<(T & { id: string })[]> {
  const rows = await new SeedConnectionsRepository(db).ensure(organizationId, wanted);
  return wanted.map((c) => {
    const row = rows.find((r) => r.platform === c.platform && r.alias.toLowerCase() === c.alias);
    if (!row) throw new Error(`connection ${c.platform}/${c.alias} missing after insert`);
    return { ...c, id: row.id };
  });
}
