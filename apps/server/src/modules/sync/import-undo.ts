import type { LedgerCause, Platform } from '@stocksync/contract';
import type { Db } from '../../db/client';
import type { StockMove } from '../catalog/imported-products';
import { ImportedListingsRepository } from './imported-listings-repository';
import { importReference } from './imported-listings';
import { ListingsUndoRepository } from './import-undo-repository';

/** A later change that an import's undo would overwrite or break. */
export type LaterChange =
  | { kind: 'stock'; sku: string; title: string; cause: LedgerCause; platform: Platform | null }
  | { kind: 'listing'; platform: Platform; alias: string };

/** Sync's side of an import's undo (listings, stock history), in the caller's transaction. */
export class SyncImportUndo {
  private readonly repo: ListingsUndoRepository;
  private readonly ledger: ImportedListingsRepository;

  constructor(trx: Db) {
    this.repo = new ListingsUndoRepository(trx);
    this.ledger = new ImportedListingsRepository(trx);
  }

  /**
   * What depends on the import: a stock change of its variants since it started that is not its
   * own (a sale, an edit, a later import), or a listing on a variant it created that it did not
   * create (linked since, by another import).
   */
  async laterChange(input: {
    organizationId: string;
    importId: string;
    since: Date;
    stockVariants: readonly string[];
    createdVariants: readonly string[];
    createdListings: readonly string[];
  }): Promise<LaterChange | undefined> {
    const { organizationId } = input;
    const stock = await this.repo.firstStockChangeSince(
      organizationId,
      [...input.stockVariants, ...input.createdVariants],
      input.since,
      importReference(input.importId),
    );
    if (stock)
      return {
        kind: 'stock',
        sku: stock.sku,
        title: stock.title,
        cause: stock.cause as LedgerCause,
        platform: stock.platform as Platform | null,
      };
    const listing = await this.repo.firstOtherListing(
      organizationId,
      input.createdVariants,
      input.createdListings,
    );
    return listing
      ? { kind: 'listing', platform: listing.platform as Platform, alias: listing.alias }
      : undefined;
  }

  /** Deletes the listings; answers the variant of each one deleted. */
  deleteListings(organizationId: string, ids: readonly string[]): Promise<string[]> {
    return this.repo.deleteListings(organizationId, ids);
  }

  /** The quantities put back, in the stock history as the import's undo. */
  recordStock(
    organizationId: string,
    connectionId: string,
    importId: string,
    moves: readonly StockMove[],
    now: Date,
  ): Promise<void> {
    const entry = { cause: 'import_undo', reference: importReference(importId) } as const;
    return this.ledger.recordStock(organizationId, connectionId, entry, moves, now);
  }
}
