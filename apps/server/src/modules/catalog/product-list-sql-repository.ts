import { sql, type Expression } from 'kysely';
import type { ExpressionBuilder } from 'kysely';
import type { Db } from '../../db/client';
import type { Database } from '../../db/types';
import type { PlatformCounts } from '../../db/tables/catalog';
import { filterExpression, type ProductFilters } from './product-filters-repository';
import type { SearchPatterns } from './product-search-repository';

/** Position in the list order (created_at desc, id desc); created_at kept as text for exactness. */
export interface ListKey {
  createdAt: string;
  id: string;
}

/** The one row of a list statement: the counters (null before the first product) and the page. */
export interface PageWithCountsRow {
  stats_product_count: string | null;
  stats_synced_count: string | null;
  stats_missing_sku_count: string | null;
  stats_list_version: string | null;
  stats_search_version: string | null;
  /**
   * The version of a volatile order's remembered positions (positionsVersionOf), read with a deep
   * unfiltered page or a search's held matches; else null.
   */
  stats_positions_version: string | null;
  /** The page's rows as a JSON array of ProductRow, in list order. */
  products: string;
  window_total: string | null;
  /**
   * The first matching products' ids in list order, comma-separated, when asked for (text: pg's
   * parser for a uuid[] of 300 ids cost the server more than the rest of the answer).
   */
  ids: string | null;
}

export interface ProductRecord {
  id: string;
  title: string;
  single_sku: string;
  is_synced: boolean;
  available_qty: string;
  variant_count: number;
  missing_sku_count: number;
  lowest_qty: number;
  platforms: PlatformCounts;
  updated_at: Date;
}

export const rowColumns = [
  'products.id',
  'products.title',
  'products.single_sku',
  'products.is_synced',
  'products.available_qty',
  'products.variant_count',
  'products.missing_sku_count',
  'products.lowest_qty',
  'products.platforms',
  'products.updated_at',
] as const;

/** A products row `p`'s own SKU: its one variant's SKU, else empty (as toProductRow). */
export const productSkuOfP = sql<string>`CASE WHEN p.variant_count = 1 THEN p.single_sku ELSE '' END`;

/**
 * The page `p` as a JSON array of rows in the contract's shape (ProductRow, as toProductRow makes
 * it), in list order, rendered by PostgreSQL: the server sends it as it comes instead of parsing
 * 50 rows into objects and writing them out again (about half of what a list request allocated).
 * json_agg of a subquery's rows costs PostgreSQL about 0.1 ms per page; json_build_object per row
 * cost about four times that.
 */
const pageJson = (order: Expression<unknown>) => sql<string>`(
  SELECT coalesce(json_agg(r), '[]')::text
  FROM (
    SELECT p.id, p.title, ${productSkuOfP} AS sku,
           p.is_synced, p.available_qty, p.variant_count AS variants,
           p.missing_sku_count > 0 AS missing_sku, p.lowest_qty, p.platforms,
           ${updatedAtOfP} AS updated_at
    FROM p
    ORDER BY ${order}
  ) r)`;

/** The list order (newest first), for the page `p` of the default order. */
const newestFirst = sql`p.created_at DESC, p.id DESC`;

/** updated_at as JavaScript's toISOString writes it (what toProductRow sends). */
const updatedAtOfP = sql<string>`to_char(p.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The list statement around a page `p` (its rows with created_at): the organisation's counters,
 * the page as JSON and, given the matching keys, their count and the first ids asked for.
 */
export function withCounters(
  organizationId: string,
  page: Expression<unknown>,
  matched?: { matches: Expression<unknown>; ids: Expression<unknown> | undefined },
  /** The page's order (its rows' columns as `p`); newest first unless sorted. */
  order: Expression<unknown> = newestFirst,
  /** The version of the sorted order's positions, read with the page (volatile orders). */
  positions?: Expression<unknown>,
) {
  return sql<PageWithCountsRow>`
    WITH ${matched ? sql`m AS MATERIALIZED (${matched.matches}),` : sql``}
      p AS MATERIALIZED (${page})
    SELECT s.product_count AS stats_product_count, s.synced_count AS stats_synced_count,
           s.missing_sku_count AS stats_missing_sku_count, s.list_version AS stats_list_version,
           s.search_version AS stats_search_version,
           ${positions ?? sql`NULL::text`} AS stats_positions_version,
           ${pageJson(order)} AS products,
           ${matched ? sql`(SELECT count(*) FROM m)` : sql`NULL::bigint`} AS window_total,
           ${matched?.ids ?? sql`NULL::text`} AS ids
    FROM (SELECT 1) AS one
    LEFT JOIN organization_catalog_stats s ON s.organization_id = ${organizationId}`;
}

type Bound = readonly [Expression<Date>, Expression<string>];

/**
 * One page in list order: the row columns and created_at. `from` starts the page at that row
 * (inclusive). With an offset, the page's first row is found first, walking only the narrow
 * index (unfiltered) past the skipped rows, then the page is read from there as one ordered
 * index range; without one, the page is that range at once. Either way only the page's own
 * rows are read from the table, each once, and nothing is sorted.
 */
function pageQuery(
  db: Db,
  organizationId: string,
  filters: ProductFilters,
  patterns: SearchPatterns | undefined,
  page: { from?: ListKey; offset: number; limit: number },
) {
  const where = (eb: ExpressionBuilder<Database, 'products'>, bound: Bound | undefined) => {
    const base = filterExpression(eb, organizationId, filters, patterns);
    if (!bound) return base;
    return eb.and([
      base,
      eb(eb.refTuple('products.created_at', 'products.id'), '<=', eb.tuple(bound[0], bound[1])),
    ]);
  };
  const from: Bound | undefined = page.from && [
    sql<Date>`${page.from.createdAt}::timestamptz`,
    sql<string>`${page.from.id}::uuid`,
  ];
  const rows = (bound: Bound | undefined) =>
    db
      .selectFrom('products')
      .select(rowColumns)
      .select('products.created_at')
      .where((eb) => where(eb, bound))
      .orderBy('products.created_at', 'desc')
      .orderBy('products.id', 'desc')
      .limit(page.limit);
  if (page.offset === 0) return sql<ProductRecord & { created_at: Date }>`${rows(from)}`;
  const start = db
    .selectFrom('products')
    .select(['products.created_at', 'products.id'])
    .where((eb) => where(eb, from))
    .orderBy('products.created_at', 'desc')
    .orderBy('products.id', 'desc')
    .offset(page.offset)
    .limit(1);
  return sql<ProductRecord & { created_at: Date }>`
    SELECT page.* FROM (${start}) AS start
    CROSS JOIN LATERAL (${rows([sql.ref<Date>('start.created_at'), sql.ref<string>('start.id')])}) AS page`;
}

/**
 * Keys (id, created_at) of every product that matches, found by the search's trigram index when
 * there is a search term, with where each row is (`row_ref`, its ctid) for reading the page.
 */
function matchKeys(
  db: Db,
  organizationId: string,
  filters: ProductFilters,
  patterns: SearchPatterns | undefined,
) {
  return db
    .selectFrom('products')
    .select([sql<string>`products.ctid`.as('row_ref'), 'products.id', 'products.created_at'])
    .where((eb) => filterExpression(eb, organizationId, filters, patterns));
}

/**
 * One round trip for a list request: the organisation's counters and one page. With
 * `windowTotal` (selective filters such as search, whose total the counters cannot give) the
 * matching products' keys are gathered once, counted and ordered, and only the page's rows are
 * read in full, by the ctids the matching scan saw (one TID scan instead of a primary key lookup
 * per row; the statement's one snapshot sees the same row versions); `held` also returns the
 * first `held` matching ids in list order.
 */
export function pageWithCountsFor(
  db: Db,
  organizationId: string,
  filters: ProductFilters,
  patterns: SearchPatterns | undefined,
  page: { from?: ListKey; offset: number; limit: number },
  windowTotal: boolean,
  held?: number,
) {
  if (!windowTotal) {
    return withCounters(organizationId, pageQuery(db, organizationId, filters, patterns, page));
  }
  const ordered = sql`ORDER BY m.created_at DESC, m.id DESC`;
  return withCounters(
    organizationId,
    sql`SELECT ${sql.join(rowColumns.map((c) => sql.ref(c)))}, products.created_at
        FROM products
        WHERE products.organization_id = ${organizationId}
          AND products.ctid = ANY (ARRAY(
            SELECT m.row_ref FROM m ${ordered} OFFSET ${page.offset} LIMIT ${page.limit}))`,
    {
      matches: matchKeys(db, organizationId, filters, patterns),
      ids:
        held === undefined
          ? undefined
          : sql`array_to_string(ARRAY(SELECT m.id FROM m ${ordered} LIMIT ${held}), ',')`,
    },
  );
}
