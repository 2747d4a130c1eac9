import type { Readable } from 'node:stream';
import {
  catalogMessages,
  type ExportProductsFilters,
  type ListProductsFilters,
  type ListProductsResponse,
  type ProductDetail,
  type SyncProductsResponse,
  type Variant,
} from '@stocksync/contract';
import type { Db } from '../../db/client';
import type { Currency } from '../../db/tables/organizations';
import type { Clock } from '../../lib/clock';
import { badRequest, notFound, notFoundIn } from '../../lib/errors';
import type { ActivityService } from '../activity/service';
import type { JsonText } from './json-text';
import { exportProductsCsv } from './export-csv';
import { filtersOf } from './product-filters-repository';
import { orderOf } from './product-order';
import { ProductDetailRepository } from './product-detail-repository';
import { ProductRowsRepository } from './product-rows-repository';
import { ProductList } from './product-list';
import { ProductSources } from './product-source';
import { syncNote } from './titles-note';
import { ProductSelectionRepository, type ProductSelection } from './product-selection-repository';
import { VariantsRepository } from './variants-repository';

export class CatalogService {
  private readonly productList: ProductList;
  /** The source connection of each product's descriptive fields (product-source.ts). */
  readonly sources: ProductSources;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly activity: ActivityService,
  ) {
    this.productList = new ProductList(db);
    this.sources = new ProductSources(db, clock, activity);
  }

  /** One page of the list, as the JSON text of a ListProductsResponse (see ProductList). */
  list(
    organizationId: string,
    query: ListProductsFilters,
  ): Promise<JsonText<ListProductsResponse>> {
    return this.productList.list(organizationId, query);
  }

  /** How many of the selected products have sync off (turning sync on for them adds that many). */
  unsyncedAmong(organizationId: string, selection: ProductSelection): Promise<number> {
    return new ProductSelectionRepository(this.db).unsyncedCount(organizationId, selection);
  }

  /** The product with its variants, as the JSON text of a ProductDetail. */
  async get(organizationId: string, productId: string): Promise<JsonText<ProductDetail>> {
    const detail = await new ProductDetailRepository(this.db).detailJson(organizationId, productId);
    if (detail === undefined) throw notFound();
    return detail;
  }

  /**
   * Sets is_synced for the selected products, or flips each one when `value` is undefined (named
   * products only: "all selected" needs a value). Answers the named products' rows (none for all
   * selected, which may be the whole catalogue) and how many changed.
   */
  async setSync(
    organizationId: string,
    userId: string,
    selection: ProductSelection,
    value: boolean | undefined,
    /** Runs in the same transaction with the products whose sync was turned on (alignment). */
    onTurnedOn?: (trx: Db, productIds: string[]) => Promise<void>,
  ): Promise<SyncProductsResponse> {
    return this.db.transaction().execute(async (trx) => {
      const products = new ProductRowsRepository(trx);
      let changed: { id: string; title: string; is_synced: boolean }[];
      let unique: string[] = [];
      if (selection.allSelected) {
        if (value === undefined)
          throw badRequest(catalogMessages.isSyncedRequiredForAll, 'is_synced');
        changed = await new ProductSelectionRepository(trx).setSyncedWhere(
          organizationId,
          selection.filters,
          value,
          this.clock.now(),
        );
      } else {
        unique = [...new Set(selection.ids)];
        const found = await products.existingIds(organizationId, unique);
        if (found.size !== unique.length) {
          throw notFoundIn(catalogMessages.productsNotFound, 'ids');
        }
        changed = await products.setSynced(organizationId, unique, value ?? null, this.clock.now());
      }
      if (onTurnedOn) {
        const turnedOn = changed.filter((p) => p.is_synced).map((p) => p.id);
        if (turnedOn.length > 0) await onTurnedOn(trx, turnedOn);
      }
      await this.activity.record(
        {
          organizationId,
          userId,
          activity: 'Product sync updated',
          note: syncNote(changed),
          status: changed.length === 0 ? 'info' : 'success',
        },
        trx,
      );
      const rows = await products.rowsByIds(organizationId, unique);
      const byId = new Map(rows.map((r) => [r.id, r]));
      return { products: unique.flatMap((id) => byId.get(id) ?? []), changed: changed.length };
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

  /** The products the list shows (filters, sort) as CSV, streamed in keyset batches. */
  exportCsv(organizationId: string, currency: Currency, query: ExportProductsFilters): Readable {
    return exportProductsCsv(this.db, organizationId, currency, {
      filters: filtersOf(query),
      order: orderOf(query),
    });
  }
}
