import { sql } from 'kysely';
import type { Db } from '../../db/client';

/** The catalogue's running totals, which a plan's product limit is checked against. */
export class UsageRepository {
  constructor(private readonly db: Db) {}

  /** Products with sync on, from the catalogue's running totals. */
  async syncedProducts(organizationId: string): Promise<number> {
    const row = await this.db
      .selectFrom('organization_catalog_stats')
      .select(sql<number>`synced_count::integer`.as('n'))
      .where('organization_id', '=', organizationId)
      .executeTakeFirst();
    return row?.n ?? 0;
  }
}
