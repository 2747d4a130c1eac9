import { sql } from 'kysely';
import type { Db } from '../../db/client';

export interface SalesRange {
  organizationId: string;
  from: string;
  to: string;
}

/** One group of the range's sales: a day and channel, a channel, or (both null) the whole range. */
export interface SalesGroupRow {
  day: string | null;
  connection_id: string | null;
  units: string;
  revenue: string;
  estimated_units: string;
  estimated_revenue: string;
}

/** The range's sales in one order currency, at the orders' prices. */
export interface CurrencyRow {
  currency: string;
  units: string;
  revenue: string;
}

/**
 * Sales over a range from the aggregates (migrations 0039, 0060) plus the sales not folded into
 * them yet (analytics_sales_pending), each in one statement: one snapshot sees a sale in exactly
 * one of the two (docs/decisions/0059). Never the ledger.
 */
export class SalesFiguresRepository {
  constructor(private readonly db: Db) {}

  /** Per day and channel, per channel, and the total, in one pass over the range. */
  async groups({ organizationId, from, to }: SalesRange): Promise<SalesGroupRow[]> {
    const { rows } = await sql<SalesGroupRow>`
      SELECT to_char(day, 'YYYY-MM-DD') AS day, connection_id,
             sum(units)::text AS units, sum(revenue)::text AS revenue,
             sum(estimated_units)::text AS estimated_units,
             sum(estimated_revenue)::text AS estimated_revenue
      FROM (
        SELECT day, connection_id, units, revenue, estimated_units, estimated_revenue
        FROM analytics_sales_channel_daily
        WHERE organization_id = ${organizationId} AND day BETWEEN ${from}::date AND ${to}::date
        UNION ALL
        SELECT day, connection_id, units, revenue, estimated_units, estimated_revenue
        FROM analytics_sales_pending
        WHERE organization_id = ${organizationId} AND day BETWEEN ${from}::date AND ${to}::date
      ) s
      GROUP BY GROUPING SETS ((day, connection_id), (connection_id), ())`.execute(this.db);
    return rows;
  }

  /** Per order currency over the range (order lines that gave a price), at the orders' prices. */
  async currencies({ organizationId, from, to }: SalesRange): Promise<CurrencyRow[]> {
    const { rows } = await sql<CurrencyRow>`
      SELECT currency, sum(units)::text AS units, sum(revenue)::text AS revenue
      FROM (
        SELECT currency, units, revenue FROM analytics_sales_currency_daily
        WHERE organization_id = ${organizationId} AND day BETWEEN ${from}::date AND ${to}::date
        UNION ALL
        SELECT currency, units, order_revenue FROM analytics_sales_pending
        WHERE organization_id = ${organizationId} AND day BETWEEN ${from}::date AND ${to}::date
          AND currency IS NOT NULL
      ) s
      GROUP BY currency
      ORDER BY currency`.execute(this.db);
    return rows;
  }

  /** The organisation's first day with a sale, whatever the range (each table's PK's first entry). */
  async firstSaleDay(organizationId: string): Promise<string | null> {
    const { rows } = await sql<{ day: string | null }>`
      SELECT to_char(least(
               (SELECT min(day) FROM analytics_sales_channel_daily
                WHERE organization_id = ${organizationId}),
               (SELECT min(day) FROM analytics_sales_pending
                WHERE organization_id = ${organizationId})), 'YYYY-MM-DD') AS day`.execute(this.db);
    return rows[0]?.day ?? null;
  }
}
