import { sql } from 'kysely';

export interface SalesRange {
  organizationId: string;
  from: string;
  to: string;
}

/**
 * A channel's sales over a range (salesQueries.series): per day, parallel arrays (a day may come
 * twice, folded and still pending: the caller adds them); the money split into whole units and
 * hundredths so every value is an exact JSON number (numeric(16,2) goes past 2^53 hundredths).
 */
export interface ChannelSeriesRow {
  connection_id: string;
  /** Days since the range's first day. */
  days: number[];
  units: number[];
  revenue_whole: number[];
  revenue_hundredths: number[];
  estimated_units: string;
  estimated_revenue: string;
  /** Units without a price in the organisation's currency: not in revenue (docs/decisions/0065). */
  unvalued_units: string;
}

/**
 * The range's sales in one currency: the orders' own prices, and (estimated_*) orders without a
 * price valued at their variant's price in this currency, the organisation's not being it.
 */
export interface CurrencyRow {
  currency: string;
  units: string;
  revenue: string;
  estimated_units: string;
  estimated_revenue: string;
}

/**
 * Sales over a range from the aggregates (migrations 0039, 0060) plus the sales not folded into
 * them yet (analytics_sales_pending), each read by one query of the summary's statement
 * (summaryRows): one snapshot sees a sale in exactly one of the two (docs/decisions/0059).
 * Never the ledger.
 */
export const salesQueries = {
  /**
   * Per channel, its day rows as arrays (ChannelSeriesRow): the series and the channel and range
   * totals are added from them in Node. As a row per day and channel (JSON objects or arrays of
   * strings), plus the totals' five numeric sums with a rollup over the same rows, a 366-day range
   * cost PostgreSQL about twice as much, and parsing the strings most of Node's collections
   * (bench/results/analytics.md).
   */
  series: ({ organizationId, from, to }: SalesRange) =>
    sql<ChannelSeriesRow>`
      SELECT connection_id, array_agg(day - ${from}::date) AS days, array_agg(units) AS units,
             array_agg(trunc(revenue)::bigint) AS revenue_whole,
             array_agg(((revenue * 100) % 100)::int) AS revenue_hundredths,
             sum(estimated_units)::text AS estimated_units,
             sum(estimated_revenue)::text AS estimated_revenue,
             sum(unvalued_units)::text AS unvalued_units
      FROM (
        SELECT connection_id, day, units, revenue, estimated_units, estimated_revenue, unvalued_units
        FROM analytics_sales_channel_daily
        WHERE organization_id = ${organizationId} AND day BETWEEN ${from}::date AND ${to}::date
        UNION ALL
        SELECT connection_id, day, units, revenue, estimated_units, estimated_revenue, unvalued_units
        FROM analytics_sales_pending
        WHERE organization_id = ${organizationId} AND day BETWEEN ${from}::date AND ${to}::date
      ) s
      GROUP BY connection_id`,

  /** Per currency over the range (CurrencyRow), nothing converted; the caller orders them. */
  currencies: ({ organizationId, from, to }: SalesRange) =>
    sql<CurrencyRow>`
      SELECT currency, sum(units)::text AS units, sum(revenue)::text AS revenue,
             sum(estimated_units)::text AS estimated_units,
             sum(estimated_revenue)::numeric(16, 2)::text AS estimated_revenue
      FROM (
        SELECT currency, units, revenue, estimated_units, estimated_revenue
        FROM analytics_sales_currency_daily
        WHERE organization_id = ${organizationId} AND day BETWEEN ${from}::date AND ${to}::date
        UNION ALL
        SELECT currency, units, order_revenue,
               CASE WHEN order_revenue_estimated THEN units ELSE 0 END,
               CASE WHEN order_revenue_estimated THEN order_revenue ELSE 0 END
        FROM analytics_sales_pending
        WHERE organization_id = ${organizationId} AND day BETWEEN ${from}::date AND ${to}::date
          AND currency IS NOT NULL
      ) s
      GROUP BY currency`,

  /** The organisation's first day with a sale, whatever the range (each table's PK's first entry). */
  firstSaleDay: (organizationId: string) =>
    sql<{ day: string | null }>`
      SELECT to_char(least(
               (SELECT min(day) FROM analytics_sales_channel_daily
                WHERE organization_id = ${organizationId}),
               (SELECT min(day) FROM analytics_sales_pending
                WHERE organization_id = ${organizationId})), 'YYYY-MM-DD') AS day`,
};
