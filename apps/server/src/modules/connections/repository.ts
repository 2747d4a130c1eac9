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
}
