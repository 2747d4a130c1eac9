import type { Db } from '../../db/client';
import { LIST_KEY_STEP, ListKeysCache } from './list-keys-cache';
import type { ProductFilters } from './product-filters-repository';
import {
  orderName,
  orderVersion,
  SORT_COLUMNS,
  type ProductOrder,
  type SortedKey,
} from './product-order';
import type { PageWithCounts } from './products-repository';
import {
  catalogVersion,
  HeldIds,
  SEARCH_MATCHES_HELD,
  SearchMatchesCache,
} from './search-matches-cache';
import { SortedPagesRepository } from './sorted-pages-repository';

/** A page's rows as JSON and the total of the list it belongs to. */
export interface ListPage {
  productsJson: string;
  total: number;
}

/** What ProductList decided about the filters: whether the statement counts, and the total. */
export interface Totals {
  countedByQuery: boolean;
  of: (result: PageWithCounts) => number;
}

/**
 * The product list's pages in a sorted order (ADR 0050), kept as cheap as the default order's:
 * deep unfiltered pages start at a remembered position of the order (one ListKeysCache per
 * order), and a search's matches are held per term and order.
 */
export class SortedProductList {
  private readonly keys = new Map<string, ListKeysCache<SortedKey>>();
  private readonly searches = new SearchMatchesCache();

  constructor(private readonly db: Db) {}

  async page(
    organizationId: string,
    order: ProductOrder,
    filters: ProductFilters,
    page: { offset: number; limit: number },
    totals: Totals,
  ): Promise<ListPage> {
    const pages = new SortedPagesRepository(this.db);
    if (filters.search !== undefined && Object.keys(filters).length === 1) {
      return this.searchPage(pages, organizationId, order, filters.search, page);
    }
    const deep = Object.keys(filters).length === 0 && page.offset >= LIST_KEY_STEP;
    const keys = this.keysOf(order);
    const versionOf = (result: PageWithCounts) =>
      orderVersion(order, catalogVersion(result.stats), result.positionsVersion);

    let version: string | undefined;
    let start: { from?: SortedKey; offset: number } = { offset: page.offset };
    if (deep) {
      version = keys.versionOf(organizationId) ?? (await pages.version(organizationId, order));
      start = await keys.startFor(organizationId, version, page.offset);
    }
    const read = () =>
      pages.pageWithCounts(
        organizationId,
        order,
        filters,
        { ...start, limit: page.limit },
        totals.countedByQuery,
      );
    let result = await read();
    const current = versionOf(result);
    if (deep && current !== version) {
      if (SORT_COLUMNS[order.key].volatile) {
        // Positions that drift with sales anyway: the held ones serve while fresh ones are taken.
        keys.refresh(organizationId, current);
      } else {
        // Products were added, removed or renamed: take the positions again, then the page.
        start = await keys.startFor(organizationId, current, page.offset);
        result = await read();
      }
    }
    return { productsJson: result.productsJson, total: totals.of(result) };
  }

  private keysOf(order: ProductOrder): ListKeysCache<SortedKey> {
    const name = orderName(order);
    let cache = this.keys.get(name);
    if (!cache) {
      cache = new ListKeysCache((organizationId) =>
        new SortedPagesRepository(this.db).keys(organizationId, order, LIST_KEY_STEP),
      );
      this.keys.set(name, cache);
    }
    return cache;
  }

  /** A search on its own, sorted: from the matches held for this term and order when valid. */
  private async searchPage(
    pages: SortedPagesRepository,
    organizationId: string,
    order: ProductOrder,
    term: string,
    page: { offset: number; limit: number },
  ): Promise<ListPage> {
    const key = `${term}\u0000${orderName(order)}`;
    const held = this.searches.get(organizationId, key);
    const ids = held && SearchMatchesCache.page(held, page.offset, page.limit);
    if (held && ids) {
      const found = await pages.pageOfIds(organizationId, order, ids);
      if (
        orderVersion(order, catalogVersion(found.stats), found.positionsVersion) === held.version
      ) {
        return { productsJson: found.productsJson, total: held.total };
      }
    }
    const found = await pages.pageWithCounts(
      organizationId,
      order,
      { search: term },
      page,
      true,
      SEARCH_MATCHES_HELD,
    );
    const total = found.windowTotal!;
    this.searches.set(organizationId, key, {
      version: orderVersion(order, catalogVersion(found.stats), found.positionsVersion),
      total,
      ids: new HeldIds(found.ids ?? ''),
    });
    return { productsJson: found.productsJson, total };
  }
}
