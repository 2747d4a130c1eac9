import { ANALYTICS_TOP_VARIANTS } from '@stocksync/contract';
import { sql } from 'kysely';
import type { Db } from '../../db/client';
import {
  salesQueries,
  type CurrencyRow,
  type SalesTotalRow,
  type SalesRange,
} from './sales-repository';
import type { DayRow } from './sales-summary';
import { syncHealthQueries, type ConnectionHealthRow } from './sync-health-repository';
import { syncLatencyQueries } from './sync-latency-repository';
import {
  TOP_SELLER_READS,
  topSellersAttempt,
  type TopSellerAttempt,
} from './top-sellers-repository';

/** Everything of a summary but the catalogue, as one statement returns it. */
export interface SummaryRows {
  /** The range's per-channel rows and its total. */
  totals: SalesTotalRow[];
  /** Its day and channel rows as arrays: a third of the JSON objects', parsed per summary. */
  days: DayRow[];
  currencies: CurrencyRow[];
  first_sale_day: string | null;
  top: TopSellerAttempt;
  connections: ConnectionHealthRow[];
  failures: Array<{ connection_id: string; failures: string }>;
  /** Lowest bucket first. */
  latency: Array<{ bucket: number; sales: string }>;
  unconfirmed: { pending: string; failed: string };
}

/**
 * A summary's sales and sync figures (every query but the catalogue's and the settings') and the
 * best sellers' first attempt in one statement, each query as a JSON column: one round trip,
 * one plan, one pool connection, where nine statements on nine connections at once queued on
 * two cores (bench/results/analytics.md). Also one snapshot for all of them.
 */
export async function summaryRows(db: Db, range: SalesRange): Promise<SummaryRows> {
  const { organizationId } = range;
  const { rows } = await sql<SummaryRows>`
    SELECT
      (SELECT coalesce(json_agg(t), '[]') FROM (${salesQueries.totals(range)}) t) AS totals,
      (SELECT coalesce(json_agg(json_build_array(d.day, d.connection_id, d.units, d.revenue)), '[]')
       FROM (${salesQueries.days(range)}) d) AS days,
      (SELECT coalesce(json_agg(c), '[]')
       FROM (${salesQueries.currencies(range)}) c) AS currencies,
      (SELECT day FROM (${salesQueries.firstSaleDay(organizationId)}) f) AS first_sale_day,
      (SELECT row_to_json(t)
       FROM (${topSellersAttempt(range, ANALYTICS_TOP_VARIANTS, TOP_SELLER_READS[0]!)}) t) AS top,
      (SELECT coalesce(json_agg(c ORDER BY c.platform, c.alias), '[]')
       FROM (${syncHealthQueries.connections(organizationId)}) c) AS connections,
      (SELECT coalesce(json_agg(f), '[]')
       FROM (${syncHealthQueries.pushFailures(range)}) f) AS failures,
      (SELECT coalesce(json_agg(b ORDER BY b.bucket), '[]')
       FROM (${syncLatencyQueries.buckets(range)}) b) AS latency,
      (SELECT row_to_json(u) FROM (${syncLatencyQueries.unconfirmed(range)}) u) AS unconfirmed
`.execute(db);
  return rows[0]!;
}
