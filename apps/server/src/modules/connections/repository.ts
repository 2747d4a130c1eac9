import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/client';
import type { Platform, PlatformConnectionsTable } from '../../db/types';

export type ConnectionRow = Selectable<PlatformConnectionsTable>;

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

  /**
   * Flips sync_enabled of the organisation's connection in one statement (concurrent toggles each
   * flip once). Disconnected connections are left alone: undefined when nothing was updated.
   */
  toggleSync(organizationId: string, id: string, now: Date): Promise<ConnectionRow | undefined> {
    return this.db
      .updateTable('platform_connections')
      .set({ sync_enabled: sql<boolean>`NOT sync_enabled`, updated_at: now })
      .where('id', '=', id)
      .where('organization_id', '=', organizationId)
      .where('status', '<>', 'disconnected')
      .returningAll()
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

  findByAccount(
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

  /** Accounts that count against the plan: every one not disconnected. */
  async countedAccounts(organizationId: string): Promise<number> {
    const row = await this.db
      .selectFrom('platform_connections')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('organization_id', '=', organizationId)
      .where('status', '<>', 'disconnected')
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Whether the organisation has this account (not disconnected), the account's case ignored. */
  async hasAccount(organizationId: string, platform: Platform, account: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('platform_connections')
      .select('id')
      .where('organization_id', '=', organizationId)
      .where('platform', '=', platform)
      .where('status', '<>', 'disconnected')
      .where(sql<string>`lower(external_account_id)`, '=', account.toLowerCase())
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Whether an account of this platform waits for re-authorisation. */
  async hasReauthPending(organizationId: string, platform: Platform): Promise<boolean> {
    const row = await this.db
      .selectFrom('platform_connections')
      .select('id')
      .where('organization_id', '=', organizationId)
      .where('platform', '=', platform)
      .where('status', '=', 'needs_reauth')
      .executeTakeFirst();
    return row !== undefined;
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

  /** Recomputes the product-list aggregates of every product listed on the connection. */
  async refreshAggregates(connectionId: string): Promise<void> {
    await sql`
      SELECT refresh_product_aggregates(ARRAY(
        SELECT DISTINCT pv.product_id FROM channel_listings cl
        JOIN product_variants pv ON pv.id = cl.variant_id
        WHERE cl.connection_id = ${connectionId}))`.execute(this.db);
  }
}
