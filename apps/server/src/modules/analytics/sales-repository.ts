import { sql } from 'kysely';

export interface SalesRange {
  organizationId: string;
  from: string;
  to: string;
}

/** The range's sales of a channel, or (connection_id null) of every channel. */
export interface SalesTotalRow {
  connection_id: string | null;
  units: string;
  revenue: string;
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
   * Per day and channel: a folded row as stored, plus the pending ones (a day and channel may
   * come twice, the caller adds them). Not grouped again: grouping 1,464 rows of a 366-day range
   * into as many groups cost PostgreSQL 5.4 ms a summary, returning them 3.3-3.7 ms
   * (bench/results/analytics.md). Only what the series shows, the day as a date (JSON writes it
   * YYYY-MM-DD, cheaper than to_char).
   */
  days: ({ organizationId, from, to }: SalesRange) =>
    sql<{ day: string; connection_id: string; units: string; revenue: string }>`
      SELECT day, connection_id, units::text AS units, revenue::text AS revenue
      FROM analytics_sales_channel_daily
      WHERE organization_id = ${organizationId} AND day BETWEEN ${from}::date AND ${to}::date
      UNION ALL
      SELECT day, connection_id, sum(units)::text, sum(revenue)::text
      FROM analytics_sales_pending
      WHERE organization_id = ${organizationId} AND day BETWEEN ${from}::date AND ${to}::date
      GROUP BY day, connection_id`,

  /** Per channel, and the total (SalesTotalRow). */
  totals: ({ organizationId, from, to }: SalesRange) =>
    sql<SalesTotalRow>`
      SELECT connection_id, sum(units)::text AS units, sum(revenue)::text AS revenue,
             sum(estimated_units)::text AS estimated_units,
             sum(estimated_revenue)::text AS estimated_revenue,
             sum(unvalued_units)::text AS unvalued_units
      FROM (
        SELECT connection_id, units, revenue, estimated_units, estimated_revenue, unvalued_units
        FROM analytics_sales_channel_daily
        WHERE organization_id = ${organizationId} AND day BETWEEN ${from}::date AND ${to}::date
        UNION ALL
        SELECT connection_id, units, revenue, estimated_units, estimated_revenue, unvalued_units
        FROM analytics_sales_pending
        WHERE organization_id = ${organizationId} AND day BETWEEN ${from}::date AND ${to}::date
      ) s
      GROUP BY ROLLUP (connection_id)`,

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
