import { sql } from 'kysely';
import type { Db } from '../../db/client';
import type { Platform } from '../../db/types';
import type { ConnectionRow } from './repository';

/** Connections selected for webhooks, jobs and billing rather than looked up by id or alias. */
export class ConnectionSelectionsRepository {
  constructor(private readonly db: Db) {}

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
