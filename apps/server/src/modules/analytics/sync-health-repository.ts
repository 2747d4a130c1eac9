import { sql } from 'kysely';
import type { Db } from '../../db/client';
import type { Platform } from '../../db/types';

export interface ConnectionHealthRow {
  id: string;
  platform: Platform;
  alias: string;
  status: 'active' | 'needs_reauth';
  sync_enabled: boolean;
  reconciled_at: Date | null;
  pushes_pending: string;
}

/**
 * The organisation's channel connections (disconnected ones left out) with their pending pushes
 * (the partial index on push_pending: only listings waiting for a push are read).
 */
export class SyncHealthRepository {
  constructor(private readonly db: Db) {}

  async connections(organizationId: string): Promise<ConnectionHealthRow[]> {
    const { rows } = await sql<ConnectionHealthRow>`
      SELECT c.id, c.platform, c.alias, c.status, c.sync_enabled, c.reconciled_at,
             (SELECT count(*) FROM channel_listings cl
              WHERE cl.connection_id = c.id AND cl.push_pending)::text AS pushes_pending
      FROM platform_connections c
      WHERE c.organization_id = ${organizationId} AND c.status <> 'disconnected'
      ORDER BY c.platform, c.alias`.execute(this.db);
    return rows;
  }

  /** Pushes refused for good per connection over the range (analytics_push_failures_daily). */
  async pushFailures(range: {
    organizationId: string;
    from: string;
    to: string;
  }): Promise<Map<string, number>> {
    const { rows } = await sql<{ connection_id: string; failures: string }>`
      SELECT connection_id, sum(failures)::text AS failures FROM analytics_push_failures_daily
      WHERE organization_id = ${range.organizationId}
        AND day BETWEEN ${range.from}::date AND ${range.to}::date
      GROUP BY connection_id`.execute(this.db);
    return new Map(rows.map((r) => [r.connection_id, Number(r.failures)]));
  }

  /** Names of connections (removed ones included if still stored) for the sales' channels. */
  async names(
    organizationId: string,
    ids: string[],
  ): Promise<Map<string, { platform: Platform; alias: string }>> {
    if (ids.length === 0) return new Map();
    const { rows } = await sql<{ id: string; platform: Platform; alias: string }>`
      SELECT id, platform, alias FROM platform_connections
      WHERE organization_id = ${organizationId} AND id = ANY(${ids}::uuid[])`.execute(this.db);
    return new Map(rows.map((r) => [r.id, { platform: r.platform, alias: r.alias }]));
  }
}
