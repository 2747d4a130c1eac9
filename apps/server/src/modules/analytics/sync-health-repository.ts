import { sql } from 'kysely';
import type { Db } from '../../db/client';
import type { Platform } from '../../db/types';

export interface ConnectionHealthRow {
  id: string;
  platform: Platform;
  alias: string;
  status: 'active' | 'needs_reauth';
  sync_enabled: boolean;
  /** As JSON writes a timestamptz (read in the summary's statement). */
  reconciled_at: string | null;
  pushes_pending: string;
}

/** Sync health queries, read by the summary's statement (summaryRows). */
export const syncHealthQueries = {
  /**
   * The organisation's channel connections (disconnected ones left out) with their pending pushes
   * (the partial index on push_pending: only listings waiting for a push are read); the summary's
   * statement orders them by platform (the enum's order) and alias.
   */
  connections: (organizationId: string) =>
    sql<ConnectionHealthRow>`
      SELECT c.id, c.platform, c.alias, c.status, c.sync_enabled, c.reconciled_at,
             (SELECT count(*) FROM channel_listings cl
              WHERE cl.connection_id = c.id AND cl.push_pending)::text AS pushes_pending
      FROM platform_connections c
      WHERE c.organization_id = ${organizationId} AND c.status <> 'disconnected'`,

  /** Pushes refused for good per connection over the range (analytics_push_failures_daily). */
  pushFailures: (range: { organizationId: string; from: string; to: string }) =>
    sql<{ connection_id: string; failures: string }>`
      SELECT connection_id, sum(failures)::text AS failures FROM analytics_push_failures_daily
      WHERE organization_id = ${range.organizationId}
        AND day BETWEEN ${range.from}::date AND ${range.to}::date
      GROUP BY connection_id`,
};

/** Names of connections the summary's statement did not return (removed ones). */
export class SyncHealthRepository {
  constructor(private readonly db: Db) {}

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
