import { sql, type CompiledQuery } from 'kysely';
import type { Db } from '../../db/client';
import { QueryShapes } from '../../db/query-shapes';
import {
  filterShapeOf,
  filtersOfShape,
  type FilterShape,
  type FilterValues,
} from './list-filter-shape';
import type { ProductFilters } from './product-filters-repository';
import {
  pageWithCountsFor,
  rowColumns,
  withCounters,
  type ListKey,
  type PageWithCountsRow,
} from './product-list-sql-repository';

export type { ListKey, PageWithCountsRow } from './product-list-sql-repository';

export interface CatalogStats {
  productCount: number;
  syncedCount: number;
  missingSkuCount: number;
  listVersion: string;
  /** Bumped by the database when a title or a variant's SKU changes (migration 0010). */
  searchVersion: string;
}

/** What a list request needs: the page as JSON text (see productRowJson) and the totals. */
export interface PageWithCounts {
  productsJson: string;
  stats: CatalogStats;
  /** A volatile order's positions version, where the statement read it (positionsVersionOf). */
  positionsVersion: string | null;
  /** All the products that match, for filters the counters cannot count. */
  windowTotal: number | null;
  /** The first `held` of them in list order, when asked for: uuids joined by commas. */
  ids: string | null;
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
    positionsVersion: row.stats_positions_version,
    windowTotal: row.window_total === null ? null : Number(row.window_total),
    ids: row.ids,
  };
}

interface PageShape extends FilterShape {
  from: boolean;
  /** The page starts `offset` rows after its start (or the list's top), not at it. */
  skip: boolean;
  windowTotal: boolean;
  /** With windowTotal: the answer also holds the first `held` matching ids. */
  held: boolean;
}

interface PageValues extends FilterValues, Record<string, unknown> {
  organizationId: string;
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
  (db, shape, v) => {
    const { filters, patterns } = filtersOfShape(shape, v);
    return pageWithCountsFor(
      db,
      v.organizationId,
      filters,
      patterns,
      {
        ...(shape.from && { from: { createdAt: v.fromCreatedAt, id: v.fromId } }),
        // Any placeholder will do where the shape says the page skips rows; 0 where it does not.
        offset: shape.skip ? v.offset : 0,
        limit: v.limit,
      },
      shape.windowTotal,
      shape.held ? v.held : undefined,
    ).compile(db);
  },
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

/** The product list: its counters and pages, each in one round trip. */
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
    const filter = filterShapeOf(filters);
    const shape: PageShape = {
      ...filter.shape,
      from: Boolean(page.from),
      skip: page.offset !== 0,
      windowTotal,
      held: windowTotal && held !== undefined,
    };
    return pageShapes.compile(this.db, shape, {
      organizationId,
      ...filter.values,
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
}
