import { sql } from 'kysely';

interface Range {
  organizationId: string;
  from: string;
  to: string;
}

/**
 * Sync latency of a range's sales (docs/decisions/0060), read by the summary's statement
 * (summaryRows): the buckets of the sales that reached their last channel
 * (analytics_sync_latency_daily: at most days x buckets rows), and the sales still waiting or
 * refused (sync_sales_in_flight, which holds only sales not yet confirmed).
 */
export const syncLatencyQueries = {
  /** Synced sales per latency bucket; the caller orders them. */
  buckets: (range: Range) =>
    sql<{ bucket: number; sales: string }>`
      SELECT bucket, sum(sales)::text AS sales FROM analytics_sync_latency_daily
      WHERE organization_id = ${range.organizationId}
        AND day BETWEEN ${range.from}::date AND ${range.to}::date
      GROUP BY bucket`,

  /**
   * Sales of the range not confirmed on every other channel: failed when a channel refused the
   * push that carried one, or its listing went before confirming it; pending otherwise.
   */
  unconfirmed: (range: Range) =>
    sql<{ pending: string; failed: string }>`
      SELECT count(*) FILTER (WHERE NOT failed)::text AS pending,
             count(*) FILTER (WHERE failed)::text AS failed
      FROM (
        SELECT EXISTS (SELECT 1 FROM sync_sale_waits w WHERE w.entry_id = s.entry_id AND w.failed)
               OR NOT EXISTS (SELECT 1 FROM sync_sale_waits w WHERE w.entry_id = s.entry_id)
               AS failed
        FROM sync_sales_in_flight s
        WHERE s.organization_id = ${range.organizationId}
          AND s.sold_at >= (${range.from}::date)::timestamp AT TIME ZONE 'UTC'
          AND s.sold_at < (${range.to}::date + 1)::timestamp AT TIME ZONE 'UTC'
      ) sales`,
};
