import { sql } from 'kysely';
import type { Db } from '../../db/client';
import type { Platform } from '../../db/types';

/** Placeholder connections of a demo catalogue (no tokens: nothing is ever pushed to them). */
export class SeedConnectionsRepository {
  constructor(private readonly db: Db) {}

  /** Creates the ones the organisation lacks (by platform and alias); answers all of its rows. */
  async ensure(organizationId: string, wanted: readonly { platform: Platform; alias: string }[]) {
    await sql`
      INSERT INTO platform_connections (organization_id, platform, alias)
      SELECT ${organizationId}::uuid, platform, alias
      FROM unnest(${wanted.map((c) => c.platform)}::text[],
                  ${wanted.map((c) => c.alias)}::text[]) AS c (platform, alias)
      ON CONFLICT (organization_id, platform, lower(alias)) DO NOTHING`.execute(this.db);
    return this.db
      .selectFrom('platform_connections')
      .select(['id', 'platform', 'alias'])
      .where('organization_id', '=', organizationId)
      .execute();
  }
}
