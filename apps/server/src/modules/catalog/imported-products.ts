import type { Db } from '../../db/client';
import { CatalogBulkRepository } from './bulk-writes-repository';
import { ImportedProductsRepository } from './imported-products-repository';

/** One of our variants that a remote variant matches, with what we hold for it. */
export interface HeldVariant {
  variantId: string;
  productId: string;
  sku: string;
  title: string;
  /** numeric(12, 2) as text. */
  price: string;
  qty: number;
  productTitle: string;
  isSynced: boolean;
  /** The connection the product first came from: the source of its descriptive fields. */
  sourceConnectionId: string | null;
}

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

/** A variant's name and price taken from its product's source connection (re-import). */
export interface ImportedVariantUpdate {
  id: string;
  title: string;
  price: string;
  before: { title: string; price: string };
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
  /** Quantities a re-import sets (decided under the variants' locks, see heldVariants). */
  stock: StockMove[];
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
  ): Promise<Map<string, HeldVariant>> {
    const rows = await this.repo.variantsBySku(organizationId, skus);
    return new Map(rows.map((r) => [r.sku.toLowerCase(), r]));
  }

  /**
   * These variants of the organisation, locked (`lock`) when a batch is about to write them, so
   * the quantities its stock history records are the ones it replaces.
   */
  async heldVariants(
    organizationId: string,
    ids: readonly string[],
    lock: boolean,
  ): Promise<Map<string, HeldVariant>> {
    const rows = await this.repo.heldVariants(organizationId, ids, lock);
    return new Map(rows.map((r) => [r.variantId, r]));
  }

  /**
   * Writes the batch's products (`connectionId` their source) and variants; answers every
   * quantity it set.
   */
  async write(
    organizationId: string,
    connectionId: string,
    batch: ImportedCatalogue,
    now: Date,
  ): Promise<StockMove[]> {
    await this.repo.insertProducts(organizationId, connectionId, batch.newProducts, now);
    await this.repo.insertVariants(organizationId, batch.newVariants, now);
    await this.repo.updateVariants(batch.updates, now);
    await this.repo.setQuantities(batch.stock, now);
    await this.repo.updateTitles(batch.productTitles, now);
    const started = batch.newVariants.map((v) => ({
      variantId: v.id,
      qtyBefore: 0,
      qtyAfter: v.qty,
      first: true,
    }));
    return [...started, ...batch.stock];
  }

  /** Refreshes the list aggregates of every product the batch touched (deferred until now). */
  refreshImportedProducts(productIds: readonly string[]): Promise<void> {
    return this.bulk.refreshAggregates(productIds);
  }
}
