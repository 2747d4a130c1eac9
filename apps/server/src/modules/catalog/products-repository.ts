import { sql, type CompiledQuery, type Expression, type SqlBool } from 'kysely';
import type { ExpressionBuilder } from 'kysely';
import type { ProductRow } from '@stocksync/contract';
import type { Db } from '../../db/client';
import { QueryShapes } from '../../db/query-shapes';
import type { Database, PlatformCounts } from '../../db/types';
import { trigramPattern } from './search-patterns';

/** Position in the list order (created_at desc, id desc); created_at kept as text for exactness. */
export interface ListKey {
  createdAt: string;
  id: string;
}

export interface ProductFilters {
  search?: string;
  synced?: boolean;
  missingSku?: boolean;
}

export interface CatalogStats {
  productCount: number;
  syncedCount: number;
  missingSkuCount: number;
  listVersion: string;
  /** Bumped by the database when a title or a variant's SKU changes (migration 0010). */
  searchVersion: string;
}

export interface ExportRow {
  product_id: string;
  product_title: string;
  is_synced: boolean;
  created_at: string;
  variant_id: string | null;
  variant_title: string | null;
  sku: string | null;
  available_qty: number | null;
  cost_price: string | null;
  current_price: string | null;
}

/** The one row of a list statement: the counters (null before the first product) and the page. */
export interface PageWithCountsRow {
  stats_product_count: string | null;
  stats_synced_count: string | null;
  stats_missing_sku_count: string | null;
  stats_list_version: string | null;
  stats_search_version: string | null;
  /** The page's rows as a JSON array of ProductRow, in list order. */
  products: string;
  window_total: string | null;
  /**
   * The first matching products' ids in list order, comma-separated, when asked for (text: pg's
   * parser for a uuid[] of 300 ids cost the server more than the rest of the answer).
   */
  ids: string | null;
}

/** What a list request needs: the page as JSON text (see productRowJson) and the totals. */
export interface PageWithCounts {
  productsJson: string;
  stats: CatalogStats;
  /** All the products that match, for filters the counters cannot count. */
  windowTotal: number | null;
  /** The first `held` of them in list order, when asked for: uuids joined by commas. */
  ids: string | null;
}

interface ProductRecord {
  id: string;
  title: string;
  single_sku: string;
  is_synced: boolean;
  available_qty: string;
  variant_count: number;
  missing_sku_count: number;
  platforms: PlatformCounts;
}

const rowColumns = [
  'products.id',
  'products.title',
  'products.single_sku',
  'products.is_synced',
  'products.available_qty',
  'products.variant_count',
  'products.missing_sku_count',
  'products.platforms',
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
const pageJson = sql<string>`(
  SELECT coalesce(json_agg(r), '[]')::text
  FROM (
    SELECT p.id, p.title, ${productSkuOfP} AS sku,
           p.is_synced, p.available_qty, p.variant_count AS variants,
           p.missing_sku_count > 0 AS missing_sku, p.platforms
    FROM p
    ORDER BY p.created_at DESC, p.id DESC
  ) r)`;

/**
 * The list statement around a page `p` (its rows with created_at): the organisation's counters,
 * the page as JSON and, given the matching keys, their count and the first ids asked for.
 */
function withCounters(
  organizationId: string,
  page: Expression<unknown>,
  matched?: { matches: Expression<unknown>; ids: Expression<unknown> | undefined },
) {
  return sql<PageWithCountsRow>`
    WITH ${matched ? sql`m AS MATERIALIZED (${matched.matches}),` : sql``}
      p AS MATERIALIZED (${page})
    SELECT s.product_count AS stats_product_count, s.synced_count AS stats_synced_count,
           s.missing_sku_count AS stats_missing_sku_count, s.list_version AS stats_list_version,
           s.search_version AS stats_search_version,
           ${pageJson} AS products,
           ${matched ? sql`(SELECT count(*) FROM m)` : sql`NULL::bigint`} AS window_total,
           ${matched?.ids ?? sql`NULL::text`} AS ids
    FROM (SELECT 1) AS one
    LEFT JOIN organization_catalog_stats s ON s.organization_id = ${organizationId}`;
}

export function toPageWithCounts(row: PageWithCountsRow): PageWithCounts {
  return {
    productsJson: row.products,
    stats: {
      productCount: Number(row.stats_product_count ?? 0),
      syncedCount: Number(row.stats_synced_count ?? 0),
      missingSkuCount: Number(row.stats_missing_sku_count ?? 0),
      listVersion: row.stats_list_version ?? '0',
      searchVersion: row.stats_search_version ?? '0',
    },
    windowTotal: row.window_total === null ? null : Number(row.window_total),
    ids: row.ids,
  };
}

export function toProductRow(r: ProductRecord): ProductRow {
  return {
    id: r.id,
    title: r.title,
    sku: r.variant_count === 1 ? r.single_sku : '',
    is_synced: r.is_synced,
    available_qty: Number(r.available_qty),
    variants: r.variant_count,
    missing_sku: r.missing_sku_count > 0,
    platforms: r.platforms,
  };
}

/** A search term and the pattern its candidates are found by (see search-patterns). */
interface SearchPatterns {
  /** What the title or a SKU must contain, ignoring case. */
  term: string;
  /** What the trigram index is asked for: a LIKE pattern that every text containing `term` matches. */
  index: string;
}

/**
 * The title or one of the SKUs contains the term, ignoring case. The trigram index finds the
 * candidates (LIKE on search_text, migration 0017) and strpos decides. Both sides are lowered by
 * PostgreSQL, as ILIKE would lower them: search_text is lower(title || U+001F || skus), and a term
 * never contains U+001F, so no match spans the end of the title or two SKUs. strpos rather than a
 * second LIKE: the planner would ask the index for that pattern's trigrams as well, word
 * boundaries and all, which nearly every product has.
 */
function searchExpression(
  eb: ExpressionBuilder<Database, 'products'>,
  patterns: SearchPatterns,
): Expression<SqlBool> {
  return eb.and([
    eb('products.search_text', 'like', sql<string>`lower(${patterns.index})`),
    eb(sql<number>`strpos(products.search_text, lower(${patterns.term}))`, '>', 0),
  ]);
}

/** The flag filters (synced, missing SKU) on `products` within the organisation. */
function flagsExpression(
  eb: ExpressionBuilder<Database, 'products'>,
  organizationId: string,
  filters: ProductFilters,
): Expression<SqlBool> {
  const conditions: Expression<SqlBool>[] = [eb('products.organization_id', '=', organizationId)];
  if (filters.synced !== undefined) conditions.push(eb('products.is_synced', '=', filters.synced));
  if (filters.missingSku) conditions.push(eb('products.missing_sku_count', '>', 0));
  return eb.and(conditions);
}

/**
 * The filters on `products`, the search among them as its patterns. Used where the whole row set
 * is walked in list order (counts, the list pages of a filtered list).
 */
function filterExpression(
  eb: ExpressionBuilder<Database, 'products'>,
  organizationId: string,
  filters: ProductFilters,
  patterns: SearchPatterns | undefined,
): Expression<SqlBool> {
  const flags = flagsExpression(eb, organizationId, filters);
  return patterns === undefined ? flags : eb.and([flags, searchExpression(eb, patterns)]);
}

const patternsOf = (filters: ProductFilters): SearchPatterns | undefined =>
  filters.search ? { term: filters.search, index: trigramPattern(filters.search) } : undefined;

interface PageShape {
  synced: boolean;
  missingSku: boolean;
  search: boolean;
  from: boolean;
  /** The page starts `offset` rows after its start (or the list's top), not at it. */
  skip: boolean;
  windowTotal: boolean;
  /** With windowTotal: the answer also holds the first `held` matching ids. */
  held: boolean;
}

interface PageValues extends Record<string, unknown> {
  organizationId: string;
  synced: boolean;
  term: string;
  indexPattern: string;
  fromCreatedAt: string;
  fromId: string;
  offset: number;
  limit: number;
  held: number;
}

/** The list pages, compiled once per shape (a search term is a value like any other). */
const pageShapes = new QueryShapes<PageShape, PageValues, PageWithCountsRow>(
  [
    'organizationId',
    'synced',
    'term',
    'indexPattern',
    'fromCreatedAt',
    'fromId',
    'offset',
    'limit',
    'held',
  ],
  (db, shape, v) =>
    new ProductsRepository(db)
      .pageWithCountsFor(
        v.organizationId,
        {
          ...(shape.synced && { synced: v.synced }),
          ...(shape.missingSku && { missingSku: true }),
        },
        shape.search ? { term: v.term, index: v.indexPattern } : undefined,
        {
          ...(shape.from && { from: { createdAt: v.fromCreatedAt, id: v.fromId } }),
          // Any placeholder will do where the shape says the page skips rows; 0 where it does not.
          offset: shape.skip ? v.offset : 0,
          limit: v.limit,
        },
        shape.windowTotal,
        shape.held ? v.held : undefined,
      )
      .compile(db),
);

/** The page of given products (a search's held matches), compiled once. */
const idsPages = new QueryShapes<
  Record<string, never>,
  { organizationId: string; ids: string[] },
  PageWithCountsRow
>(['organizationId', 'ids'], (db, _shape, v) =>
  withCounters(
    v.organizationId,
    sql`SELECT ${sql.join(rowColumns.map((c) => sql.ref(c)))}, products.created_at
        FROM products
        WHERE products.organization_id = ${v.organizationId}
          AND products.id = ANY (${v.ids}::uuid[])`,
  ).compile(db),
);

type Bound = readonly [Expression<Date>, Expression<string>];

export class ProductsRepository {
  constructor(private readonly db: Db) {}

  /** The organisation's maintained counters (zeros before its first product). */
  async stats(organizationId: string): Promise<CatalogStats> {
    const row = await this.statsQuery(organizationId).executeTakeFirst();
    return {
      productCount: Number(row?.product_count ?? 0),
      syncedCount: Number(row?.synced_count ?? 0),
      missingSkuCount: Number(row?.missing_sku_count ?? 0),
      listVersion: row?.list_version ?? '0',
      searchVersion: row?.search_version ?? '0',
    };
  }

  statsQuery(organizationId: string) {
    return this.db
      .selectFrom('organization_catalog_stats')
      .select([
        'product_count',
        'synced_count',
        'missing_sku_count',
        'list_version',
        'search_version',
      ])
      .where('organization_id', '=', organizationId);
  }

  /**
   * One page in list order: the row columns and created_at. `from` starts the page at that row
   * (inclusive). With an offset, the page's first row is found first, walking only the narrow
   * index (unfiltered) past the skipped rows, then the page is read from there as one ordered
   * index range; without one, the page is that range at once. Either way only the page's own
   * rows are read from the table, each once, and nothing is sorted.
   */
  pageQuery(
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
      this.db
        .selectFrom('products')
        .select(rowColumns)
        .select('products.created_at')
        .where((eb) => where(eb, bound))
        .orderBy('products.created_at', 'desc')
        .orderBy('products.id', 'desc')
        .limit(page.limit);
    if (page.offset === 0) return sql<ProductRecord & { created_at: Date }>`${rows(from)}`;
    const start = this.db
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
  private matchKeys(
    organizationId: string,
    filters: ProductFilters,
    patterns: SearchPatterns | undefined,
  ) {
    return this.db
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
  pageWithCountsQuery(
    organizationId: string,
    filters: ProductFilters,
    page: { from?: ListKey; offset: number; limit: number },
    windowTotal: boolean,
    held?: number,
  ) {
    return this.pageWithCountsFor(
      organizationId,
      filters,
      patternsOf(filters),
      page,
      windowTotal,
      held,
    );
  }

  pageWithCountsFor(
    organizationId: string,
    filters: ProductFilters,
    patterns: SearchPatterns | undefined,
    page: { from?: ListKey; offset: number; limit: number },
    windowTotal: boolean,
    held?: number,
  ) {
    if (!windowTotal) {
      return withCounters(organizationId, this.pageQuery(organizationId, filters, patterns, page));
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
        matches: this.matchKeys(organizationId, filters, patterns),
        ids:
          held === undefined
            ? undefined
            : sql`array_to_string(ARRAY(SELECT m.id FROM m ${ordered} LIMIT ${held}), ',')`,
      },
    );
  }

  /** The counters and the page of these products of the organisation (in list order). */
  pageOfIdsCompiled(organizationId: string, ids: readonly string[]) {
    return idsPages.compile(this.db, {}, { organizationId, ids: [...ids] });
  }

  /** pageWithCountsQuery compiled from a remembered shape (see QueryShapes). */
  pageWithCountsCompiled(
    organizationId: string,
    filters: ProductFilters,
    page: { from?: ListKey; offset: number; limit: number },
    windowTotal: boolean,
    held?: number,
  ): CompiledQuery<PageWithCountsRow> {
    const patterns = patternsOf(filters);
    const shape: PageShape = {
      synced: filters.synced !== undefined,
      missingSku: Boolean(filters.missingSku),
      search: patterns !== undefined,
      from: Boolean(page.from),
      skip: page.offset !== 0,
      windowTotal,
      held: windowTotal && held !== undefined,
    };
    return pageShapes.compile(this.db, shape, {
      organizationId,
      synced: filters.synced ?? false,
      term: patterns?.term ?? '',
      indexPattern: patterns?.index ?? '',
      fromCreatedAt: page.from?.createdAt ?? '',
      fromId: page.from?.id ?? '',
      offset: page.offset,
      limit: page.limit,
      held: held ?? 0,
    });
  }

  async pageWithCounts(
    organizationId: string,
    filters: ProductFilters,
    page: { from?: ListKey; offset: number; limit: number },
    windowTotal: boolean,
    held?: number,
  ): Promise<PageWithCounts> {
    return this.run(this.pageWithCountsCompiled(organizationId, filters, page, windowTotal, held));
  }

  /** The counters and the page of these products of the organisation, in list order. */
  async pageOfIds(organizationId: string, ids: readonly string[]): Promise<PageWithCounts> {
    return this.run(this.pageOfIdsCompiled(organizationId, ids));
  }

  private async run(query: CompiledQuery<PageWithCountsRow>): Promise<PageWithCounts> {
    return toPageWithCounts((await this.db.executeQuery(query)).rows[0]!);
  }

  /** Every `step`-th row's key in list order (positions 0, step, 2·step, …). */
  async listKeys(organizationId: string, step: number): Promise<ListKey[]> {
    const { rows } = await sql<{ created_at: string; id: string }>`
      SELECT created_at::text AS created_at, id
      FROM (
        SELECT created_at, id, row_number() OVER (ORDER BY created_at DESC, id DESC) - 1 AS position
        FROM products
        WHERE organization_id = ${organizationId}
      ) ranked
      WHERE position % ${step} = 0
      ORDER BY position`.execute(this.db);
    return rows.map((r) => ({ createdAt: r.created_at, id: r.id }));
  }

  /** Rows of these products of the organisation, in list order; other ids are left out. */
  async rowsByIds(organizationId: string, ids: readonly string[]): Promise<ProductRow[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .selectFrom('products')
      .select(rowColumns)
      .where('products.organization_id', '=', organizationId)
      .where('products.id', '=', sql<string>`any(${[...ids]}::uuid[])`)
      .orderBy('products.created_at', 'desc')
      .orderBy('products.id', 'desc')
      .execute();
    return rows.map(toProductRow);
  }

  /** Which of these ids are products of the organisation. */
  async existingIds(organizationId: string, ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('products')
      .select('id')
      .where('organization_id', '=', organizationId)
      .where('id', '=', sql<string>`any(${[...ids]}::uuid[])`)
      .execute();
    return new Set(rows.map((r) => r.id));
  }

  /** Sets (or, with null, flips) is_synced; returns the previous and new flags with titles. */
  async setSynced(
    organizationId: string,
    ids: readonly string[],
    value: boolean | null,
    now: Date,
  ): Promise<{ id: string; title: string; is_synced: boolean }[]> {
    return this.db
      .updateTable('products')
      .set((eb) => ({
        is_synced: value === null ? eb.not(eb.ref('is_synced')) : value,
        updated_at: now,
      }))
      .where('organization_id', '=', organizationId)
      .where('id', '=', sql<string>`any(${[...ids]}::uuid[])`)
      .returning(['id', 'title', 'is_synced'])
      .execute();
  }

  /**
   * Up to `limit` products after `after` in list order, with their variants: one row per variant
   * (variant columns null for a product without variants). For the CSV export's keyset batches.
   */
  async exportBatch(
    organizationId: string,
    after: ListKey | null,
    limit: number,
  ): Promise<ExportRow[]> {
    const cursor = after
      ? sql`AND (p.created_at, p.id) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`
      : sql``;
    const { rows } = await sql<ExportRow>`
      SELECT p.id AS product_id, p.title AS product_title, p.is_synced,
             p.created_at::text AS created_at,
             v.id AS variant_id, v.title AS variant_title, v.sku, v.available_qty,
             v.cost_price, v.current_price
      FROM (
        SELECT id, title, is_synced, created_at
        FROM products p
        WHERE p.organization_id = ${organizationId} ${cursor}
        ORDER BY p.created_at DESC, p.id DESC
        LIMIT ${limit}
      ) p
      LEFT JOIN product_variants v ON v.product_id = p.id
      ORDER BY p.created_at DESC, p.id DESC, v.position, v.id`.execute(this.db);
    return rows;
  }
}
