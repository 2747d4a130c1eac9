import type { Db } from '../../db/client';
import type { StockMove } from '../catalog/imported-products';
import { ImportedListingsRepository } from './imported-listings-repository';

/** A variant of ours listed on the connection as a remote item, with the channel's quantity. */
export interface ImportedListing {
  variantId: string;
  externalProductId: string;
  externalVariantId: string;
  inventoryItemId: string | null;
  qty: number;
  /** The listing's price and its currency on the channel (ADR 0054), when the channel said. */
  price?: string | null;
  currency?: string | null;
  /** The SKU the channel holds for it ('' for none), for the conflict finder (ADR 0055). */
  channelSku?: string | null;
}

/** A listing of a demo catalogue (seedCatalog), on one of its placeholder connections. */
export type SeededListing = ImportedListing & { connectionId: string };

/**
 * Sync's side of bulk catalogue writes, imports' and demo seeds' (listings and stock history), in
 * the caller's transaction.
 */
export class SyncImports {
  private readonly repo: ImportedListingsRepository;

  constructor(trx: Db) {
    this.repo = new ImportedListingsRepository(trx);
  }

  /** Our variants listed on the connection, by external variant id. */
  async listedVariants(
    connectionId: string,
    externalIds: readonly string[],
  ): Promise<Map<string, string>> {
    const rows = await this.repo.byExternalVariant(connectionId, externalIds);
    return new Map(rows.map((r) => [r.external_variant_id, r.variant_id]));
  }

  /** The external variant id each of these variants is listed as on the connection. */
  async listedAs(
    connectionId: string,
    variantIds: readonly string[],
  ): Promise<Map<string, string>> {
    const rows = await this.repo.ofVariants(connectionId, variantIds);
    return new Map(rows.map((r) => [r.variant_id, r.external_variant_id]));
  }

  /** Our product, and whether it syncs, for each of these remote products already imported. */
  async importedProducts(
    connectionId: string,
    externalProductIds: readonly string[],
  ): Promise<Map<string, { productId: string; isSynced: boolean }>> {
    const rows = await this.repo.productsByExternalProduct(connectionId, externalProductIds);
    return new Map(
      rows.map((r) => [r.external_product_id, { productId: r.product_id, isSynced: r.is_synced }]),
    );
  }

  analyze(): Promise<void> {
    return this.repo.analyze();
  }

  /** Outside a transaction. */
  vacuum(): Promise<void> {
    return this.repo.vacuum();
  }

  seedListings(organizationId: string, listings: readonly SeededListing[]): Promise<void> {
    return this.repo.insertSeeded(organizationId, listings);
  }

  /**
   * The batch's stock history entries (the import's reference on each), then its listings
   * (upserted); answers the ids of the listings it created.
   */
  async record(
    batch: {
      organizationId: string;
      connectionId: string;
      importId: string;
      stock: readonly StockMove[];
      listings: readonly ImportedListing[];
    },
    now: Date,
  ): Promise<string[]> {
    const { organizationId, connectionId } = batch;
    const entry = { cause: 'import', reference: importReference(batch.importId) } as const;
    await this.repo.recordStock(organizationId, connectionId, entry, batch.stock, now);
    return this.repo.upsert(organizationId, connectionId, batch.listings, now);
  }
}

/** The reference an import's stock history entries carry, and its undo's. */
export const importReference = (importId: string) => `import:${importId}`;
