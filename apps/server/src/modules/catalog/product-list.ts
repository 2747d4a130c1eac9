import type { ListProductsFilters, ListProductsResponse } from '@stocksync/contract';
import type { Db } from '../../db/client';
import { jsonText, type JsonText } from './json-text';
import { LIST_KEY_STEP, ListKeysCache } from './list-keys-cache';
import { filtersOf, type ProductFilters } from './product-filters-repository';
import { orderOf } from './product-order';
import { ProductsRepository, type CatalogStats, type ListKey } from './products-repository';
import {
  catalogVersion,
  HeldIds,
  SEARCH_MATCHES_HELD,
  SearchMatchesCache,
} from './search-matches-cache';
import { SortedProductList } from './sorted-product-list';

const EMPTY_STATS: CatalogStats = {
  productCount: 0,
  syncedCount: 0,
  missingSkuCount: 0,
  listVersion: '0',
  searchVersion: '0',
};

/** Whether the list statement counts the matching products itself (the counters cannot). */
const countsMatches = (filters: ProductFilters): boolean =>
  countFromStats(EMPTY_STATS, filters) === null;

/** Total for filters the maintained counters answer, else null. */
function countFromStats(stats: CatalogStats, filters: ProductFilters): number | null {
  if (filters.search || filters.stock || filters.missingCost) return null;
  if (filters.missingSku && filters.synced !== undefined) return null;
  if (filters.missingSku) return stats.missingSkuCount;
  if (filters.synced === true) return stats.syncedCount;
  if (filters.synced === false) return stats.productCount - stats.syncedCount;
  return stats.productCount;
}

/** The product list's pages, with the caches that keep deep pages and searches cheap. */
export class ProductList {
  private readonly listKeys: ListKeysCache;
  private readonly searches = new SearchMatchesCache();
  private readonly sorted: SortedProductList;

  constructor(private readonly db: Db) {
    this.listKeys = new ListKeysCache((organizationId) =>
      new ProductsRepository(this.db).listKeys(organizationId, LIST_KEY_STEP),
    );
    this.sorted = new SortedProductList(db);
  }

  /**
   * One page of the list, as the JSON text of a ListProductsResponse (its rows come rendered by
   * PostgreSQL). Usually one query: counters and page together; deep unfiltered pages start at a
   * remembered key (see ListKeysCache), re-read if the list changed meanwhile; a search's pages
   * come from the products it matched, held while the catalogue version stays the same (see
   * SearchMatchesCache).
   */
  async list(
    organizationId: string,
    query: ListProductsFilters,
  ): Promise<JsonText<ListProductsResponse>> {
    const products = new ProductsRepository(this.db);
    const filters = filtersOf(query);
    const { page, pageSize } = query;
    // A page past the end is answered empty with the real total, never clamped: the page asked
    // for keeps its meaning, and the client goes to the last page (documented in the route).
    const offset = (page - 1) * pageSize;
    const body = (productsJson: string, total: number) =>
      jsonText<ListProductsResponse>(
        `{"products":${productsJson},"total":${total},"page":${page},"pageSize":${pageSize}}`,
      );
    const order = orderOf(query);
    if (order) {
      const sorted = await this.sorted.page(
        organizationId,
        order,
        filters,
        { offset, limit: pageSize },
        {
          countedByQuery: countsMatches(filters),
          // windowTotal is there whenever the counters cannot answer.
          of: (result) => countFromStats(result.stats, filters) ?? result.windowTotal!,
        },
      );
      return body(sorted.productsJson, sorted.total);
    }
    if (filters.search !== undefined && Object.keys(filters).length === 1) {
      const found = await this.searchPage(
        products,
        organizationId,
        filters.search,
        offset,
        pageSize,
      );
      return body(found.productsJson, found.total);
    }
    const unfiltered = Object.keys(filters).length === 0;
    const countedByQuery = countsMatches(filters);
    const deep = unfiltered && offset >= LIST_KEY_STEP;

    let version: string | undefined;
    let start: { from?: ListKey; offset: number } = { offset };
    if (deep) {
      version =
        this.listKeys.versionOf(organizationId) ??
        (await products.stats(organizationId)).listVersion;
      start = await this.listKeys.startFor(organizationId, version, offset);
    }
    let result = await products.pageWithCounts(
      organizationId,
      filters,
      { ...start, limit: pageSize },
      countedByQuery,
    );
    if (deep && result.stats.listVersion !== version) {
      // Products were added or removed since the keys were taken: take them again.
      start = await this.listKeys.startFor(organizationId, result.stats.listVersion, offset);
      result = await products.pageWithCounts(
        organizationId,
        filters,
        { ...start, limit: pageSize },
        false,
      );
    }
    // windowTotal is there whenever the counters cannot answer (countedByQuery).
    return body(result.productsJson, countFromStats(result.stats, filters) ?? result.windowTotal!);
  }

  /** A page of a search on its own (no other filter): from the held matches when still valid. */
  private async searchPage(
    products: ProductsRepository,
    organizationId: string,
    term: string,
    offset: number,
    limit: number,
  ): Promise<{ productsJson: string; total: number }> {
    const held = this.searches.get(organizationId, term);
    const ids = held && SearchMatchesCache.page(held, offset, limit);
    if (held && ids) {
      // The version comes from the same statement (snapshot) as the rows.
      const page = await products.pageOfIds(organizationId, ids);
      if (catalogVersion(page.stats) === held.version) {
        return { productsJson: page.productsJson, total: held.total };
      }
    }
    const found = await products.pageWithCounts(
      organizationId,
      { search: term },
      { offset, limit },
      true,
      SEARCH_MATCHES_HELD,
    );
    const total = found.windowTotal!;
    this.searches.set(organizationId, term, {
      version: catalogVersion(found.stats),
      total,
      ids: new HeldIds(found.ids ?? ''),
    });
    return { productsJson: found.productsJson, total };
  }
}
