import { sql } from 'kysely';
import type { Db } from '../../db/client';
import { monthsAndEdges } from './range';

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

export interface TopVariantRow {
  variant_id: string;
  product_id: string | null;
  product_title: string | null;
  variant_title: string | null;
  sku: string | null;
  units: string;
  revenue: string;
}

/**
 * Sales over a range from the aggregates the ledger's trigger keeps (migrations 0037, 0039), never
 * the ledger: per day and channel for the groups, per month and variant plus the edge days per
 * day and variant for the best sellers.
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
      FROM analytics_sales_channel_daily
      WHERE organization_id = ${organizationId} AND day BETWEEN ${from}::date AND ${to}::date
      GROUP BY GROUPING SETS ((day, connection_id), (connection_id), ())`.execute(this.db);
    return rows;
  }

  /** The organisation's first day with a sale, whatever the range (the PK's first entry). */
  async firstSaleDay(organizationId: string): Promise<string | null> {
    const { rows } = await sql<{ day: string | null }>`
      SELECT to_char(min(day), 'YYYY-MM-DD') AS day FROM analytics_sales_channel_daily
      WHERE organization_id = ${organizationId}`.execute(this.db);
    return rows[0]?.day ?? null;
  }

  /**
   * The best sellers by units over the range (ties: most revenue, then id), with their names:
   * exact, from the range's whole months and the days at its edges.
   */
  async topVariants(
    { organizationId, from, to }: SalesRange,
    limit: number,
  ): Promise<TopVariantRow[]> {
    const { months, edges } = monthsAndEdges(from, to);
    const edgeDays = edges.map(
      (edge) => sql`SELECT variant_id, units, revenue FROM analytics_sales_daily
        WHERE organization_id = ${organizationId}
          AND day BETWEEN ${edge.from}::date AND ${edge.to}::date`,
    );
    const wholeMonths = months
      ? [
          sql`SELECT variant_id, units, revenue FROM analytics_sales_variant_monthly
            WHERE organization_id = ${organizationId}
              AND month >= ${months.from}::date AND month < ${months.until}::date`,
        ]
      : [];
    const sold = sql.join([...wholeMonths, ...edgeDays], sql` UNION ALL `);
    const { rows } = await sql<TopVariantRow>`
      SELECT t.variant_id, v.product_id, p.title AS product_title, v.title AS variant_title, v.sku,
             t.units::text AS units, t.revenue::text AS revenue
      FROM (
        SELECT variant_id, sum(units) AS units, sum(revenue) AS revenue
        FROM (${sold}) s
        GROUP BY variant_id
        ORDER BY units DESC, revenue DESC, variant_id
        LIMIT ${limit}
      ) t
      LEFT JOIN product_variants v ON v.id = t.variant_id AND v.organization_id = ${organizationId}
      LEFT JOIN products p ON p.id = v.product_id
      ORDER BY t.units DESC, t.revenue DESC, t.variant_id`.execute(this.db);
    return rows;
  }
}
