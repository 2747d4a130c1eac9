import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/client';
import type { Platform } from '../../db/types';
import type { PlatformConnectionsTable } from '../../db/tables/connections';

export type ConnectionRow = Selectable<PlatformConnectionsTable>;

/** Reads of the organisations' connected accounts. */
export class ConnectionsRepository {
  constructor(private readonly db: Db) {}

  list(organizationId: string): Promise<ConnectionRow[]> {
    return this.db
      .selectFrom('platform_connections')
      .selectAll()
      .where('organization_id', '=', organizationId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  findById(id: string): Promise<ConnectionRow | undefined> {
    return this.db
      .selectFrom('platform_connections')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** The connection if it belongs to the organisation. */
  findInOrganization(organizationId: string, id: string): Promise<ConnectionRow | undefined> {
    return this.db
      .selectFrom('platform_connections')
      .selectAll()
      .where('id', '=', id)
      .where('organization_id', '=', organizationId)
      .executeTakeFirst();
  }

  findByAlias(
    organizationId: string,
    platform: Platform,
    alias: string,
  ): Promise<ConnectionRow | undefined> {
    return this.db
      .selectFrom('platform_connections')
      .selectAll()
      .where('organization_id', '=', organizationId)
      .where('platform', '=', platform)
      .where(sql<string>`lower(alias)`, '=', alias.toLowerCase())
      .executeTakeFirst();
  }

  /** Connections of an account on a platform in every organisation, the account's case ignored. */
  byExternalAccount(platform: Platform, account: string): Promise<ConnectionRow[]> {
    return this.db
      .selectFrom('platform_connections')
      .selectAll()
      .where('platform', '=', platform)
      .where(sql<string>`lower(external_account_id)`, '=', account.toLowerCase())
      .execute();
  }

  /** Active connections of an organisation (or every one), of a platform (or every platform). */
  async activeIds(organizationId?: string, platform?: Platform): Promise<string[]> {
    let query = this.db
      .selectFrom('platform_connections')
      .select('id')
      .where('status', '=', 'active');
    if (organizationId) query = query.where('organization_id', '=', organizationId);
    if (platform) query = query.where('platform', '=', platform);
    return (await query.execute()).map((r) => r.id);
  }

  /** The organisation's Shopify connections, active first, newest first. */
  shopifyConnections(organizationId: string): Promise<ConnectionRow[]> {
    return this.db
      .selectFrom('platform_connections')
      .selectAll()
      .where('organization_id', '=', organizationId)
      .where('platform', '=', 'shopify')
      .orderBy(sql`status = 'active'`, 'desc')
      .orderBy('created_at', 'desc')
      .execute();
  }
}
