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
import type { PageWithCountsRow } from './product-list-sql-repository';
import { orderVersion, type ProductOrder, type SortedKey } from './product-order';
import {
  sortedIdsQuery,
  sortedKeysQuery,
  sortedPageQuery,
  sortedVersionQuery,
  sortedWindowQuery,
} from './product-sorted-sql-repository';
import { catalogVersion } from './search-matches-cache';
import { toPageWithCounts, type PageWithCounts } from './products-repository';

interface SortedShape extends FilterShape {
  order: ProductOrder;
  from: boolean;
  skip: boolean;
  windowTotal: boolean;
  held: boolean;
}

interface SortedValues extends FilterValues, Record<string, unknown> {
  organizationId: string;
  fromValue: string;
  fromId: string;
  offset: number;
  limit: number;
  held: number;
}

/** Sorted list pages, compiled once per shape (order, filters, start) as the default order's. */
const sortedShapes = new QueryShapes<SortedShape, SortedValues, PageWithCountsRow>(
  [
    'organizationId',
    'synced',
    'term',
    'indexPattern',
    'fromValue',
    'fromId',
    'offset',
    'limit',
    'held',
  ],
  (db, shape, v) => {
    const { filters, patterns } = filtersOfShape(shape, v);
    const offset = shape.skip ? v.offset : 0;
    if (shape.windowTotal) {
      return sortedWindowQuery(
        db,
        v.organizationId,
        shape.order,
        filters,
        patterns,
        { offset, limit: v.limit },
        shape.held ? v.held : undefined,
      ).compile(db);
    }
    return sortedPageQuery(db, v.organizationId, shape.order, filters, {
      ...(shape.from && { from: { value: v.fromValue, id: v.fromId } }),
      offset,
      limit: v.limit,
    }).compile(db);
  },
);

const sortedIdsPages = new QueryShapes<
  { order: ProductOrder },
  { organizationId: string; ids: string[] },
  PageWithCountsRow
>(['organizationId', 'ids'], (db, shape, v) =>
  sortedIdsQuery(v.organizationId, shape.order, sql`${v.ids}`).compile(db),
);

/** The product list in a sorted order: its pages (with the counters) and remembered positions. */
export class SortedPagesRepository {
  constructor(private readonly db: Db) {}

  pageWithCountsCompiled(
    organizationId: string,
    order: ProductOrder,
    filters: ProductFilters,
    page: { from?: SortedKey; offset: number; limit: number },
    windowTotal: boolean,
    held?: number,
  ): CompiledQuery<PageWithCountsRow> {
    const filter = filterShapeOf(filters);
    return sortedShapes.compile(
      this.db,
      {
        ...filter.shape,
        order,
        from: Boolean(page.from) && !windowTotal,
        skip: page.offset !== 0,
        windowTotal,
        held: windowTotal && held !== undefined,
      },
      {
        organizationId,
        ...filter.values,
        fromValue: page.from?.value ?? '',
        fromId: page.from?.id ?? '',
        offset: page.offset,
        limit: page.limit,
        held: held ?? 0,
      },
    );
  }

  async pageWithCounts(
    organizationId: string,
    order: ProductOrder,
    filters: ProductFilters,
    page: { from?: SortedKey; offset: number; limit: number },
    windowTotal: boolean,
    held?: number,
  ): Promise<PageWithCounts> {
    return this.run(
      this.pageWithCountsCompiled(organizationId, order, filters, page, windowTotal, held),
    );
  }

  pageOfIdsCompiled(organizationId: string, order: ProductOrder, ids: readonly string[]) {
    return sortedIdsPages.compile(this.db, { order }, { organizationId, ids: [...ids] });
  }

  /** The counters and the page of these products (held in `order`), in the order of `ids`. */
  async pageOfIds(
    organizationId: string,
    order: ProductOrder,
    ids: readonly string[],
  ): Promise<PageWithCounts> {
    return this.run(this.pageOfIdsCompiled(organizationId, order, ids));
  }

  /** The version the order's remembered positions belong to now (see orderVersion). */
  async version(organizationId: string, order: ProductOrder): Promise<string> {
    const { rows } = await sortedVersionQuery(organizationId, order).execute(this.db);
    const row = rows[0]!;
    const catalog = catalogVersion({
      listVersion: row.list_version ?? '0',
      searchVersion: row.search_version ?? '0',
    });
    return orderVersion(order, catalog, row.positions);
  }

  /** Every `step`-th position of the order (positions 0, step, 2·step, …). */
  async keys(organizationId: string, order: ProductOrder, step: number): Promise<SortedKey[]> {
    const { rows } = await sortedKeysQuery(organizationId, order, step).execute(this.db);
    return rows;
  }

  private async run(query: CompiledQuery<PageWithCountsRow>): Promise<PageWithCounts> {
    return toPageWithCounts((await this.db.executeQuery(query)).rows[0]!);
  }
}
