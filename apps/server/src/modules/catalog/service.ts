import type { Readable } from 'node:stream';
import {
  catalogMessages,
  type ListProductsFilters,
  type ListProductsResponse,
  type ProductDetail,
  type ProductRow,
  type Variant,
} from '@stocksync/contract';
import type { Db } from '../../db/client';
import type { Currency } from '../../db/types';
import type { Clock } from '../../lib/clock';
import { notFound, notFoundIn } from '../../lib/errors';
import type { ActivityService } from '../activity/service';
import { jsonText, type JsonText } from './json-text';
import { exportProductsCsv } from './export-csv';
import { ProductDetailRepository } from './product-detail-repository';
import { ProductRowsRepository } from './product-rows-repository';
import { LIST_KEY_STEP, ListKeysCache } from './list-keys-cache';
import {
  ProductsRepository,
  type CatalogStats,
  type ListKey,
  type ProductFilters,
} from './products-repository';
import {
  catalogVersion,
  HeldIds,
  SEARCH_MATCHES_HELD,
  SearchMatchesCache,
} from './search-matches-cache';
import { ProductSyncRepository } from './product-sync-repository';
import { VariantsRepository } from './variants-repository';

/** 404 naming the field, for ids in a body that are not the organisation's. */

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** Up to three quoted titles, then "and n more". */
export function titlesNote(titles: readonly string[]): string {
  const shown = titles.slice(0, 3).map((t) => `'${t}'`);
  const rest = titles.length - shown.length;
  return rest > 0 ? `${shown.join(', ')} and ${rest} more` : shown.join(', ');
}

const EMPTY_STATS: CatalogStats = {
  productCount: 0,
  syncedCount: 0,
  missingSkuCount: 0,
  listVersion: '0',
  searchVersion: '0',
};

/** Total for filters the maintained counters answer, else null. */
function countFromStats(stats: CatalogStats, filters: ProductFilters): number | null {
  if (filters.search) return null;
  if (filters.missingSku && filters.synced !== undefined) return null;
  if (filters.missingSku) return stats.missingSkuCount;
  if (filters.synced === true) return stats.syncedCount;
  if (filters.synced === false) return stats.productCount - stats.syncedCount;
  return stats.productCount;
}

export class CatalogService {
  private readonly listKeys: ListKeysCache;
  private readonly searches = new SearchMatchesCache();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly activity: ActivityService,
  ) {
    this.listKeys = new ListKeysCache((organizationId) =>
      new ProductsRepository(this.db).listKeys(organizationId, LIST_KEY_STEP),
    );
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
    const filters: ProductFilters = {
      ...(query.search && { search: query.search }),
      ...(query.synced !== undefined && { synced: query.synced === 'true' }),
      ...(query.missingSku === 'true' && { missingSku: true }),
    };
    const { page, pageSize } = query;
    // A page past the end is answered empty with the real total, never clamped: the page asked
    // for keeps its meaning, and the client goes to the last page (documented in the route).
    const offset = (page - 1) * pageSize;
    const body = (productsJson: string, total: number) =>
      jsonText<ListProductsResponse>(
        `{"products":${productsJson},"total":${total},"page":${page},"pageSize":${pageSize}}`,
      );
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
    const countedByQuery = countFromStats(EMPTY_STATS, filters) === null;
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

  /** How many of these products have sync off (turning sync on for them adds that many). */
  unsyncedAmong(organizationId: string, ids: readonly string[]): Promise<number> {
    return new ProductSyncRepository(this.db).unsyncedAmong(organizationId, ids);
  }

  /** The product with its variants, as the JSON text of a ProductDetail. */
  async get(organizationId: string, productId: string): Promise<JsonText<ProductDetail>> {
    const detail = await new ProductDetailRepository(this.db).detailJson(organizationId, productId);
    if (detail === undefined) throw notFound();
    return detail;
  }

  /** Sets is_synced for every product, or flips each one when `value` is undefined. */
  async setSync(
    organizationId: string,
    userId: string,
    ids: readonly string[],
    value: boolean | undefined,
    /** Runs in the same transaction with the products whose sync was turned on (alignment). */
    onTurnedOn?: (trx: Db, productIds: string[]) => Promise<void>,
  ): Promise<ProductRow[]> {
    const unique = [...new Set(ids)];
    return this.db.transaction().execute(async (trx) => {
      const products = new ProductRowsRepository(trx);
      const found = await products.existingIds(organizationId, unique);
      if (found.size !== unique.length) {
        throw notFoundIn(catalogMessages.productsNotFound, 'ids');
      }
      const changed = await products.setSynced(
        organizationId,
        unique,
        value ?? null,
        this.clock.now(),
      );
      if (onTurnedOn) {
        const turnedOn = changed.filter((p) => p.is_synced).map((p) => p.id);
        if (turnedOn.length > 0) await onTurnedOn(trx, turnedOn);
      }
      const on = changed.filter((p) => p.is_synced).map((p) => p.title);
      const off = changed.filter((p) => !p.is_synced).map((p) => p.title);
      const parts = [];
      if (on.length > 0) parts.push(`on for ${plural(on.length, 'product')} (${titlesNote(on)})`);
      if (off.length > 0) {
        parts.push(`off for ${plural(off.length, 'product')} (${titlesNote(off)})`);
      }
      await this.activity.record(
        {
          organizationId,
          userId,
          activity: 'Product sync updated',
          note: `Sync turned ${parts.join('; ')}`,
          status: 'success',
        },
        trx,
      );
      const rows = await products.rowsByIds(organizationId, unique);
      const byId = new Map(rows.map((r) => [r.id, r]));
      return unique.flatMap((id) => byId.get(id) ?? []);
    });
  }

  /** Sets one variant's cost price (an amount already validated: ≥ 0, at most 2 decimals). */
  async updateCost(
    organizationId: string,
    userId: string,
    variantId: string,
    cost: number,
  ): Promise<Variant> {
    const amount = cost.toFixed(2);
    return this.db.transaction().execute(async (trx) => {
      const variants = new VariantsRepository(trx);
      const before = await variants.lockForUpdate(organizationId, variantId);
      if (!before) throw notFoundIn(catalogMessages.variantNotFound, 'variant_id');
      await variants.setCost(organizationId, variantId, amount, this.clock.now());
      const sku = before.sku ? ` (SKU ${before.sku})` : '';
      await this.activity.record(
        {
          organizationId,
          userId,
          activity: 'Cost price updated',
          note: `'${before.product_title}' / '${before.title}'${sku}: ${before.cost_price} → ${amount}`,
          status: 'success',
        },
        trx,
      );
      const after = await variants.find(organizationId, variantId);
      if (!after) throw notFound();
      return after;
    });
  }

  async variant(organizationId: string, variantId: string): Promise<Variant> {
    const found = await new VariantsRepository(this.db).find(organizationId, variantId);
    if (!found) throw notFoundIn(catalogMessages.variantNotFound, 'variant_id');
    return found;
  }

  /** The organisation's catalogue as CSV, streamed in keyset batches (flat memory). */
  exportCsv(organizationId: string, currency: Currency): Readable {
    return exportProductsCsv(this.db, organizationId, currency);
  }
}
