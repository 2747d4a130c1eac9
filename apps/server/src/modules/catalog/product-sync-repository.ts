import { sql } from 'kysely';
import type { Db } from '../../db/client';

/** Which products have stock sync on: what the plan's product limit is checked against. */
export class ProductSyncRepository {
  constructor(private readonly db: Db) {}

  /** How many of these products of the organisation have sync off. */
  async unsyncedAmong(organizationId: string, ids: readonly string[]): Promise<number> {
    if (ids.length === 0) return 0;
    const row = await this.db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('organization_id', '=', organizationId)
      .where('id', '=', sql<string>`any(${[...new Set(ids)]}::uuid[])`)
      .where('is_synced', '=', false)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
