import { sql } from 'kysely';
import type { Db } from '../../db/client';
import { salesBlocks } from './range';
import type { SalesRange } from './sales-repository';

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
 * How many rows of each block the attempts read: a few first, more when the few did not prove the
 * answer, then every row (null), which always does (docs/decisions/0059).
 */
// 16 rows a block proved the bench's best sellers at 30, 90 and 366 days for 0.70-0.90 ms of
// PostgreSQL CPU where 64 took 1.20-1.85 ms (bench/results/analytics.md); 128 bounds what sales
// less skewed cost before 1,024.
export const TOP_SELLER_READS: (number | null)[] = [16, 128, 1024, null];

/**
 * The best sellers of a range by units (ties: most revenue, then id), exact, from the range's
 * per-variant blocks (migration 0060) and its pending sales, without adding up every variant sold.
 *
 * Each block's top `reads` rows are read (its index is in that order); a variant not among them
 * sold at most the last one read there (the block's cut, 0 when the block was read whole). So
 * every variant sold at least what was read of it (low), at most that plus the cuts of the blocks
 * where it was not read (high), and one never read at most the sum of the cuts. When 10 variants'
 * lows exceed that sum, the best sellers are among the variants whose high reaches the 10th low:
 * only those are added up exactly, over every block. Otherwise null: read more. One statement,
 * so one snapshot (a fold committing meanwhile cannot count a sale twice).
 */
export class TopSellersRepository {
  constructor(private readonly db: Db) {}

  async topVariants(
    range: SalesRange,
    limit: number,
    reads = TOP_SELLER_READS,
  ): Promise<TopVariantRow[]> {
    return this.after(null, range, limit, reads);
  }

  /**
   * The best sellers given a first attempt's answer (TopSellerAttempt, the summary's statement
   * runs it with the others: `reads[0]`): the answer if proven, else the next attempts'.
   */
  async after(
    first: TopSellerAttempt | null,
    range: SalesRange,
    limit: number,
    reads = TOP_SELLER_READS,
  ): Promise<TopVariantRow[]> {
    if (first?.proven) return first.top ?? [];
    for (const read of first ? reads.slice(1) : reads) {
      const { rows } = await topSellersAttempt(range, limit, read).execute(this.db);
      if (rows[0]!.proven) return rows[0]!.top ?? [];
    }
    throw new Error('the best sellers read whole were not proven');
  }
}

/** An attempt's answer: the best sellers if the rows read prove them. */
export interface TopSellerAttempt {
  proven: boolean;
  top: TopVariantRow[] | null;
}

/** One attempt (TopSellersRepository), reading `read` rows of each block (null: every row). */
export function topSellersAttempt(
  { organizationId, from, to }: SalesRange,
  limit: number,
  read: number | null,
) {
  const blocks = salesBlocks(from, to);
  const spans = blocks.map((b) => b.span);
  const starts = blocks.map((b) => b.start);
  return sql<TopSellerAttempt>`
      WITH blocks AS (
        SELECT * FROM unnest(${spans}::smallint[], ${starts}::date[]) AS b(span, start)
      ), tops AS (
        SELECT b.span, b.start, t.variant_id, t.units
        FROM blocks b CROSS JOIN LATERAL (
          SELECT s.variant_id, s.units FROM analytics_sales_variant_blocks s
          WHERE s.organization_id = ${organizationId} AND s.span = b.span AND s.start = b.start
          ORDER BY s.units DESC, s.revenue DESC, s.variant_id
          LIMIT ${read}::bigint) t
      ), pending AS (
        SELECT variant_id, sum(units) AS units, sum(revenue) AS revenue
        FROM analytics_sales_pending
        WHERE organization_id = ${organizationId} AND day BETWEEN ${from}::date AND ${to}::date
        GROUP BY variant_id
      ), cuts AS (
        SELECT span, start,
               CASE WHEN count(*) = ${read}::bigint THEN min(units) ELSE 0 END AS cut
        FROM tops GROUP BY span, start
      ), bound AS (
        SELECT coalesce(sum(cut), 0) AS unread FROM cuts
      ), seen AS (
        SELECT r.variant_id, r.units, c.cut FROM tops r JOIN cuts c USING (span, start)
        UNION ALL SELECT variant_id, units, 0 FROM pending
      ), candidates AS (
        SELECT variant_id, sum(units) AS low,
               sum(units) + (SELECT unread FROM bound) - sum(cut) AS high
        FROM seen GROUP BY variant_id
      ), proof AS (
        SELECT unread, coalesce((SELECT low FROM candidates ORDER BY low DESC
                                 OFFSET ${limit - 1} LIMIT 1), 0) AS tenth
        FROM bound
      ), contenders AS (
        SELECT c.variant_id FROM candidates c, proof
        WHERE (proof.unread = 0 OR proof.unread < proof.tenth) AND c.high >= proof.tenth
      ), exact AS (
        SELECT c.variant_id, sum(s.units) AS units, sum(s.revenue) AS revenue
        FROM contenders c CROSS JOIN LATERAL (
          SELECT x.units, x.revenue FROM blocks b
          JOIN analytics_sales_variant_blocks x
            ON x.organization_id = ${organizationId} AND x.span = b.span AND x.start = b.start
           AND x.variant_id = c.variant_id
          UNION ALL SELECT p.units, p.revenue FROM pending p WHERE p.variant_id = c.variant_id
        ) s
        GROUP BY c.variant_id
        ORDER BY units DESC, revenue DESC, variant_id
        LIMIT ${limit}
      )
      SELECT (unread = 0 OR unread < tenth) AS proven,
             (SELECT json_agg(json_build_object(
                       'variant_id', e.variant_id, 'product_id', v.product_id,
                       'product_title', p.title, 'variant_title', v.title, 'sku', v.sku,
                       'units', e.units::text, 'revenue', e.revenue::text)
                     ORDER BY e.units DESC, e.revenue DESC, e.variant_id)
              FROM exact e
              LEFT JOIN product_variants v
                ON v.id = e.variant_id AND v.organization_id = ${organizationId}
              LEFT JOIN products p ON p.id = v.product_id) AS top
      FROM proof`;
}
