import type { Db } from '../../db/client';
import { CatalogBulkRepository } from './bulk-writes-repository';
import type { StockMove } from './imported-products';
import { ImportedProductsRepository } from './imported-products-repository';
import { ImportUndoRepository } from './import-undo-repository';

/** What an import did to the catalogue, as its undo reverses it. */
export interface CatalogueUndo {
  createdProducts: string[];
  /** The titles the import left on products it created or renamed (a later rename blocks undo). */
  leftTitles: { id: string; title: string }[];
  createdVariants: string[];
  /** Titles the import replaced. */
  titles: { id: string; title: string }[];
  /** Names and prices the import replaced. */
  variants: { id: string; title: string; price: string }[];
  /** Quantities to put back (qtyBefore: what the import left, qtyAfter: what it replaced). */
  stock: StockMove[];
}

/** The catalogue's side of an import's undo, in the caller's transaction `trx`. */
export class CatalogImportUndo {
  private readonly repo: ImportUndoRepository;
  private readonly imported: ImportedProductsRepository;
  private readonly bulk: CatalogBulkRepository;

  constructor(trx: Db) {
    this.repo = new ImportUndoRepository(trx);
    this.imported = new ImportedProductsRepository(trx);
    this.bulk = new CatalogBulkRepository(trx);
  }

  /**
   * Product aggregates wait until apply refreshes them once: the undo's deletes of listings,
   * variants and products would each refresh every product they touch (ADR 0053).
   */
  deferAggregates(): Promise<void> {
    return this.bulk.deferAggregates();
  }

  /** The products of these variants of the organisation (locked with them). */
  async productsOf(organizationId: string, variantIds: readonly string[]): Promise<string[]> {
    const rows = await this.repo.lockVariants(organizationId, [...new Set(variantIds)]);
    return rows.map((r) => r.product_id);
  }

  /** Every variant the undo writes, locked; answers their products. */
  async lock(organizationId: string, undo: CatalogueUndo): Promise<Map<string, string>> {
    const ids = new Set([
      ...undo.createdVariants,
      ...undo.variants.map((v) => v.id),
      ...undo.stock.map((m) => m.variantId),
    ]);
    const rows = await this.repo.lockVariants(organizationId, [...ids]);
    return new Map(rows.map((r) => [r.id, r.product_id]));
  }

  /**
   * A product or variant of the import changed since it finished (`since`): its name, else
   * undefined. Renamed since, or synced since (of products it created or whose stock it set: an
   * undo would delete or move a synced product's stock), or a variant edited since.
   */
  changedSince(
    organizationId: string,
    undo: CatalogueUndo,
    productOf: ReadonlyMap<string, string>,
    since: Date,
  ): Promise<string | undefined> {
    const stockProducts = undo.stock.map((m) => productOf.get(m.variantId) ?? m.variantId);
    const variantIds = [...undo.variants.map((v) => v.id), ...undo.stock.map((m) => m.variantId)];
    return this.repo.firstChangedSince(
      organizationId,
      undo.leftTitles,
      [...undo.createdProducts, ...stockProducts],
      [...undo.createdVariants, ...variantIds],
      since,
    );
  }

  /**
   * Puts back what the import replaced and deletes what it created; answers the counts.
   * `productOf`: lock's answer (the variants, locked, with their products); `productIds`: the
   * products whose aggregates to refresh once at the end (aggregates deferred).
   */
  async apply(
    organizationId: string,
    undo: CatalogueUndo,
    target: { productOf: ReadonlyMap<string, string>; productIds: Set<string> },
    now: Date,
  ) {
    await this.bulk.deferAggregates();
    await this.repo.restoreVariants(undo.variants, now);
    await this.imported.setQuantities(undo.stock, now);
    await this.repo.restoreTitles(undo.titles, now);
    const created = new Set(undo.createdProducts);
    const variants = undo.createdVariants.filter((id) => target.productOf.has(id));
    // Variants of created products go with them; others (added to a product of ours) alone.
    const alone = variants.filter((id) => !created.has(target.productOf.get(id)!));
    await this.repo.deleteVariants(organizationId, alone);
    const productsDeleted = await this.repo.deleteProducts(organizationId, [...created]);
    await this.bulk.refreshAggregates([...target.productIds].filter((id) => !created.has(id)));
    return { productsDeleted, variantsDeleted: variants.length };
  }
}
