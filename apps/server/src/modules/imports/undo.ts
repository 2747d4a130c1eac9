import { IMPORT_UNDO_DAYS, importMessages, type UndoImportResponse } from '@stocksync/contract';
import type { Db } from '../../db/client';
import { PLATFORM_NAMES } from '../../db/types';
import type { Clock } from '../../lib/clock';
import { conflict, notFound } from '../../lib/errors';
import type { ActivityService } from '../activity/service';
import { CatalogImportUndo, type CatalogueUndo } from '../catalog/import-undo';
import type { ConnectionsService } from '../connections/service';
import { SyncImportUndo, type LaterChange } from '../sync/import-undo';
import { ImportChangesRepository } from './changes-repository';
import { ImportsRepository, type ImportRow } from './repository';
import { laterChangeReason } from './undo-reasons';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Until when a finished import can be undone. */
export const undoUntil = (row: Pick<ImportRow, 'finished_at'>): Date | null =>
  row.finished_at ? new Date(row.finished_at.getTime() + IMPORT_UNDO_DAYS * DAY_MS) : null;

type Recorded = Awaited<ReturnType<ImportChangesRepository['of']>>;

/** The recorded changes sorted into what catalogue and sync reverse. */
function sortChanges(changes: Recorded) {
  const of = (kind: Recorded[number]['kind']) => changes.filter((c) => c.kind === kind);
  const before = <T>(c: Recorded[number]) => c.before as T;
  const catalogue: CatalogueUndo = {
    createdProducts: of('product_created').map((c) => c.target_id),
    leftTitles: [...of('product_created'), ...of('product_updated')].map((c) => ({
      id: c.target_id,
      title: (c.after as { title: string }).title,
    })),
    createdVariants: of('variant_created').map((c) => c.target_id),
    titles: of('product_updated').map((c) => ({
      id: c.target_id,
      title: before<{ title: string }>(c).title,
    })),
    variants: of('variant_updated').map((c) => ({
      id: c.target_id,
      ...before<{ title: string; price: string }>(c),
    })),
    // The entry's qty_before/qty_after read as the undo moves them: from now back to before.
    stock: of('stock_set').map((c) => ({
      variantId: c.target_id,
      qtyBefore: (c.after as { qty: number }).qty,
      qtyAfter: before<{ qty: number }>(c).qty,
      first: false,
    })),
  };
  return { catalogue, listings: of('listing_created').map((c) => c.target_id) };
}

/**
 * Undoes an import (POST /v1/imports/{id}/undo) in one transaction: deletes what it created, puts
 * back what it replaced (quantities through the stock history), within IMPORT_UNDO_DAYS of its
 * end, and refuses (409, with the reason) when a later change depends on it.
 */
export class ImportUndo {
  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      connections: ConnectionsService;
      activity: ActivityService;
    },
  ) {}

  async undo(organizationId: string, userId: string, importId: string) {
    const { db, clock } = this.deps;
    const now = clock.now();
    return db.transaction().execute(async (trx) => {
      const row = await new ImportsRepository(trx).lockForUndo(importId, organizationId);
      if (!row) throw notFound();
      this.refuseIfNotUndoable(row, now);
      const changes = await new ImportChangesRepository(trx).of(importId);
      if (changes.length === 0) throw conflict(importMessages.undoNothing);
      const { catalogue, listings } = sortChanges(changes);
      const catalog = new CatalogImportUndo(trx);
      const sync = new SyncImportUndo(trx);
      const productOf = await catalog.lock(organizationId, catalogue);
      const later = await this.laterChange(row, catalogue, listings, productOf, trx);
      if (later) throw conflict(await this.reason(row, later));
      // Aggregates are refreshed once at the end, for every product the undo touched.
      await catalog.deferAggregates();
      const unlisted = await sync.deleteListings(organizationId, listings);
      const products = new Set([
        ...productOf.values(),
        ...catalogue.titles.map((t) => t.id),
        // Listings it linked to variants it did not lock: their products' counts change too.
        ...(await catalog.productsOf(
          organizationId,
          unlisted.filter((id) => !productOf.has(id)),
        )),
      ]);
      const counts = await catalog.apply(
        organizationId,
        catalogue,
        { productOf, productIds: products },
        now,
      );
      await sync.recordStock(organizationId, row.connection_id, importId, catalogue.stock, now);
      await new ImportsRepository(trx).markUndone(importId, userId, now);
      const result: UndoImportResponse = {
        import_id: importId,
        products_deleted: counts.productsDeleted,
        variants_deleted: counts.variantsDeleted,
        listings_deleted: unlisted.length,
        products_restored: catalogue.titles.length,
        variants_restored: catalogue.variants.length,
        quantities_restored: catalogue.stock.length,
      };
      await this.record(row, userId, result, trx);
      return result;
    });
  }

  private refuseIfNotUndoable(row: ImportRow, now: Date): void {
    if (row.undone_at) throw conflict(importMessages.undoAlready);
    if (row.status !== 'completed' && row.status !== 'failed')
      throw conflict(importMessages.undoNotFinished);
    const until = undoUntil(row);
    if (until && until.getTime() < now.getTime()) throw conflict(importMessages.undoExpired);
  }

  private async laterChange(
    row: ImportRow,
    catalogue: CatalogueUndo,
    listings: string[],
    productOf: ReadonlyMap<string, string>,
    trx: Db,
  ): Promise<LaterChange | { kind: 'edit'; name: string } | undefined> {
    const since = row.started_at ?? row.created_at;
    const later = await new SyncImportUndo(trx).laterChange({
      organizationId: row.organization_id,
      importId: row.id,
      since,
      stockVariants: catalogue.stock.map((m) => m.variantId),
      createdVariants: catalogue.createdVariants,
      createdListings: listings,
    });
    if (later) return later;
    const edited = await new CatalogImportUndo(trx).changedSince(
      row.organization_id,
      catalogue,
      productOf,
      row.finished_at ?? since,
    );
    return edited ? { kind: 'edit', name: edited } : undefined;
  }

  private async reason(row: ImportRow, later: LaterChange | { kind: 'edit'; name: string }) {
    const connection = await this.deps.connections.row(row.organization_id, row.connection_id);
    return laterChangeReason(later, `${PLATFORM_NAMES[connection.platform]} ${connection.alias}`);
  }

  private async record(row: ImportRow, userId: string, result: UndoImportResponse, trx: Db) {
    const connection = await this.deps.connections.row(row.organization_id, row.connection_id);
    await this.deps.activity.record(
      {
        organizationId: row.organization_id,
        userId,
        activity: `Import from ${PLATFORM_NAMES[connection.platform]} ${connection.alias} undone`,
        note:
          `Deleted ${result.products_deleted} products, ${result.variants_deleted} variants and ` +
          `${result.listings_deleted} listings; restored ${result.products_restored} titles, ` +
          `${result.variants_restored} variants and ${result.quantities_restored} quantities`,
        status: 'success',
      },
      trx,
    );
  }
}
