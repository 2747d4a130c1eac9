import { sql } from 'kysely';
import type { Db } from '../../db/client';
import { salesBlocks } from './range';

export interface SalesRange {
  organizationId: string;
  from: string;
  to: string;
}

/**
 * A channel's sales over a range (salesQueries.series): per day, parallel arrays (a day may come
 * twice, folded and still pending: the caller adds them). Revenue is in hundredths, a JSON number:
 * exact while every value is within 2^53 hundredths (numeric(16,2) allows more); when one is not,
 * `exact` is false and the caller reads the series again with the revenue as text (seriesAsText).
 */
export interface ChannelSeriesRow {
  connection_id: string;
  /** Days since the range's first day. */
  days: number[];
  units: number[];
  revenue: number[] | string[];
  exact: boolean;
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
 * Sales over a range from the aggregates (migrations 0039, 0060, 0084) plus the sales not folded into
 * them yet (analytics_sales_pending), each read by one query of the summary's statement
 * (summaryRows): one snapshot sees a sale in exactly one of the two (docs/decisions/0059).
 * Never the ledger.
 */
export const salesQueries = {
  /** Per channel, its day rows as arrays, revenue in hundredths (seriesQuery). */
  series: (range: SalesRange) => seriesQuery(range, sql`(revenue * 100)::bigint`),
  /** The series with its revenue as decimal text: exact whatever the amounts, dearer to read. */
  seriesAsText: (range: SalesRange) => seriesQuery(range, sql`revenue::text`),

  /**
   * Per currency over the range (CurrencyRow), nothing converted; the caller orders them. Read
   * from the blocks the range is made of (salesBlocks, migration 0084), not day by day.
   */
  currencies: ({ organizationId, from, to }: SalesRange) => {
    const blocks = salesBlocks(from, to);
    return sql<CurrencyRow>`
      SELECT currency, sum(units)::text AS units, sum(revenue)::text AS revenue,
             sum(estimated_units)::text AS estimated_units,
             sum(estimated_revenue)::numeric(16, 2)::text AS estimated_revenue
      FROM (
        SELECT y.currency, y.units, y.revenue, y.estimated_units, y.estimated_revenue
        FROM unnest(${blocks.map((b) => b.span)}::smallint[], ${blocks.map((b) => b.start)}::date[])
          AS b(span, start)
        JOIN analytics_sales_currency_blocks y
          ON y.organization_id = ${organizationId} AND y.span = b.span AND y.start = b.start
        UNION ALL
        SELECT currency, units, order_revenue,
               CASE WHEN order_revenue_estimated THEN units ELSE 0 END,
               CASE WHEN order_revenue_estimated THEN order_revenue ELSE 0 END
        FROM analytics_sales_pending
        WHERE organization_id = ${organizationId} AND day BETWEEN ${from}::date AND ${to}::date
          AND currency IS NOT NULL
      ) s
      GROUP BY currency`;
  },

  /** The organisation's first day with a sale, whatever the range (each table's PK's first entry). */
  firstSaleDay: (organizationId: string) =>
    sql<{ day: string | null }>`
      SELECT to_char(least(
               (SELECT min(day) FROM analytics_sales_channel_daily
                WHERE organization_id = ${organizationId}),
               (SELECT min(day) FROM analytics_sales_pending
                WHERE organization_id = ${organizationId})), 'YYYY-MM-DD') AS day`,
};

/**
 * Per channel, its day rows as arrays (ChannelSeriesRow): the series and the channel and range
 * totals are added from them in Node. As a row per day and channel (JSON objects or arrays of
 * strings), plus the totals' five numeric sums with a rollup over the same rows, a 366-day range
 * cost PostgreSQL about twice as much, and parsing the strings most of Node's collections; the
 * revenue as whole units and hundredths instead of hundredths cost it a third more
 * (bench/results/analytics.md).
 */
function seriesQuery({ organizationId, from, to }: SalesRange, revenue: ReturnType<typeof sql>) {
  return sql<ChannelSeriesRow>`
    SELECT connection_id, array_agg(day - ${from}::date) AS days, array_agg(units) AS units,
           array_agg(${revenue}) AS revenue,
           bool_and(abs(revenue) <= ${MAX_EXACT_REVENUE}::numeric) AS exact,
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
    GROUP BY connection_id`;
}

/** The largest amount whose hundredths a JSON number holds exactly (2^53 - 1 hundredths). */
const MAX_EXACT_REVENUE = '90071992547409.91';

/** The series again with its revenue as text, when an amount was past MAX_EXACT_REVENUE. */
export async function seriesAsText(db: Db, range: SalesRange): Promise<ChannelSeriesRow[]> {
  // As JSON, as the summary's statement reads it (pg would give bigint arrays as strings).
  const { rows } = await sql<{ series: ChannelSeriesRow[] }>`
    SELECT coalesce(json_agg(s), '[]') AS series
    FROM (${salesQueries.seriesAsText(range)}) s`.execute(db);
  return rows[0]!.series;
}
