import { sql, type Insertable, type Updateable } from 'kysely';
import type { Db } from '../../db/client';
import type { Platform } from '../../db/types';
import type { PlatformConnectionsTable } from '../../db/tables/connections';
import type { ConnectionRow } from './repository';

export type AccountColumns = Updateable<PlatformConnectionsTable>;

/** The writes of connecting an account: a new connection, or an existing one brought back. */
export class ConnectRepository {
  constructor(private readonly db: Db) {}

  /** The organisation's connection to this account, locked for the rest of the transaction. */
  lockAccount(
    organizationId: string,
    platform: Platform,
    externalAccountId: string,
  ): Promise<ConnectionRow | undefined> {
    return this.db
      .selectFrom('platform_connections')
      .selectAll()
      .where('organization_id', '=', organizationId)
      .where('platform', '=', platform)
      .where('external_account_id', '=', externalAccountId)
      .forUpdate()
      .executeTakeFirst();
  }

  /** `base`, else `base-2`, `base-3`... whichever is free in the organisation for the platform. */
  async freeAlias(organizationId: string, platform: Platform, base: string): Promise<string> {
    const clean =
      base
        .trim()
        .replace(/[^A-Za-z0-9._-]+/g, '-')
        .replace(/^-+|-+$/g, '')
        .slice(0, 90) || platform;
    const taken = await this.db
      .selectFrom('platform_connections')
      .select(sql<string>`lower(alias)`.as('alias'))
      .where('organization_id', '=', organizationId)
      .where('platform', '=', platform)
      .where(
        sql<string>`lower(alias)`,
        'like',
        `${clean.toLowerCase().replace(/[%_\\]/g, '\\$&')}%`,
      )
      .execute();
    const used = new Set(taken.map((r) => r.alias));
    if (!used.has(clean.toLowerCase())) return clean;
    for (let n = 2; ; n++) {
      const candidate = `${clean}-${n}`;
      if (!used.has(candidate.toLowerCase())) return candidate;
    }
  }

  async insert(values: Insertable<PlatformConnectionsTable>): Promise<string> {
    const row = await this.db
      .insertInto('platform_connections')
      .values(values)
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async update(id: string, values: AccountColumns): Promise<void> {
    await this.db.updateTable('platform_connections').set(values).where('id', '=', id).execute();
  }
}
