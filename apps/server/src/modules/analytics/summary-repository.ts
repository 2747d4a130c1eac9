import { ANALYTICS_TOP_VARIANTS } from '@stocksync/contract';
import { sql } from 'kysely';
import type { Currency } from '../../db/tables/organizations';
import type { Db } from '../../db/client';
import { catalogueQuery, type CatalogueRow } from './catalogue-repository';
import { organizationSettingsQueries } from './organization-settings-repository';
import {
  salesQueries,
  type ChannelSeriesRow,
  type CurrencyRow,
  type SalesRange,
} from './sales-repository';
import { syncHealthQueries, type ConnectionHealthRow } from './sync-health-repository';
import { syncLatencyQueries } from './sync-latency-repository';
import {
  TOP_SELLER_READS,
  topSellersAttempt,
  type TopSellerAttempt,
} from './top-sellers-repository';

/** A whole summary's rows, as one statement returns them. */
export interface SummaryRows {
  /** Null when the organisation does not exist. */
  settings: { currency: Currency; low_stock_threshold: number } | null;
  /** Low stock counted up to the buckets' last threshold (CatalogueFiguresRepository.aboveBuckets). */
  catalogue: CatalogueRow;
  /** The range's sales per channel and day. */
  series: ChannelSeriesRow[];
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
 * A summary's settings, catalogue, sales and sync figures and the best sellers' first attempt in
 * one statement, each query as a JSON column: one round trip, one plan, one pool connection, and
 * one snapshot for all of them. Nine statements on nine connections at once queued on two cores,
 * and each round trip costs both processes a wake-up (bench/results/analytics.md).
 */
export async function summaryRows(db: Db, range: SalesRange): Promise<SummaryRows> {
  const { rows } = await summaryStatement(range).execute(db);
  return rows[0]!;
}

export function summaryStatement(range: SalesRange) {
  const { organizationId } = range;
  return sql<SummaryRows>`
    SELECT
      (SELECT row_to_json(o) FROM (${organizationSettingsQueries.settings(organizationId)}) o)
        AS settings,
      (SELECT row_to_json(c)
       FROM (${catalogueQuery(organizationId, organizationSettingsQueries.lowStockThreshold(organizationId))}) c)
        AS catalogue,
      (SELECT coalesce(json_agg(s), '[]') FROM (${salesQueries.series(range)}) s) AS series,
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
`;
}
