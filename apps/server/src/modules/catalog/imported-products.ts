import type { Db } from '../../db/client';
import { CatalogBulkRepository } from './bulk-writes-repository';
import { ImportedProductsRepository } from './imported-products-repository';

/** A product an import creates. */
export interface ImportedProduct {
  id: string;
  title: string;
}

/** A variant an import creates, with the channel's quantity as its starting stock. */
export interface ImportedVariant {
  id: string;
  productId: string;
  position: number;
  title: string;
  sku: string;
  /** option1..option3. */
  options: (string | null)[];
  qty: number;
  price: string;
}

/** A variant listed on the connection already: what a re-import takes from the channel. */
export interface ImportedVariantUpdate {
  id: string;
  title: string;
  price: string;
  qty: number;
}

/** A variant's quantity set by an import, for the stock history. */
export interface StockMove {
  variantId: string;
  qtyBefore: number;
  qtyAfter: number;
  /** The variant's starting quantity (its first history entry), not a change. */
  first: boolean;
}

export interface ImportedCatalogue {
  newProducts: ImportedProduct[];
  newVariants: ImportedVariant[];
  updates: ImportedVariantUpdate[];
  productTitles: { id: string; title: string }[];
}

/**
 * The catalogue's side of an import batch, in the caller's transaction `trx`. Aggregates of the
 * products written are deferred until refreshImportedProducts.
 */
export class CatalogImports {
  private readonly repo: ImportedProductsRepository;
  private readonly bulk: CatalogBulkRepository;

  constructor(trx: Db) {
    this.repo = new ImportedProductsRepository(trx);
    this.bulk = new CatalogBulkRepository(trx);
  }

  /** Call first in the batch's transaction. */
  deferAggregates(): Promise<void> {
    return this.bulk.deferAggregates();
  }

  analyze(): Promise<void> {
    return this.bulk.analyze();
  }

  /** The organisation's variants by lower-cased SKU. */
  async variantsBySku(
    organizationId: string,
    skus: readonly string[],
  ): Promise<Map<string, { variantId: string; productId: string }>> {
    const rows = await this.repo.variantsBySku(organizationId, skus);
    return new Map(rows.map((r) => [r.lsku, { variantId: r.id, productId: r.product_id }]));
  }

  /** Writes the batch's products and variants; answers every quantity it set. */
  async write(organizationId: string, batch: ImportedCatalogue, now: Date): Promise<StockMove[]> {
    await this.repo.insertProducts(organizationId, batch.newProducts, now);
    await this.repo.insertVariants(organizationId, batch.newVariants, now);
    const changed = await this.repo.updateVariants(batch.updates, now);
    await this.repo.updateTitles(batch.productTitles, now);
    const started = batch.newVariants.map((v) => ({
      variantId: v.id,
      qtyBefore: 0,
      qtyAfter: v.qty,
      first: true,
    }));
    return [...started, ...changed];
  }

  /** Refreshes the list aggregates of every product the batch touched (deferred until now). */
  refreshImportedProducts(productIds: readonly string[]): Promise<void> {
    return this.bulk.refreshAggregates(productIds);
  }
}
