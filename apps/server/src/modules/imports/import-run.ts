import type { ChannelProduct } from '@stocksync/channels';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { CatalogImports } from '../catalog/imported-products';
import type { ConnectionRow } from '../connections/repository';
import { SyncImports } from '../sync/imported-listings';
import type { ImportRow, ImportsRepository } from './repository';
import type { WritebackOutcome } from './sku-writeback-step';
import { writeBatch } from './writer';

/** Products written per transaction. */
export const IMPORT_BATCH = 250;
type Failure = { externalId: string; reason: string };

/** A large import outgrows a young catalogue's statistics: refresh after batches 1, 4, 16, 64... */
const analyzeAfter = (batches: number) =>
  batches > 0 && (batches & (batches - 1)) === 0 && Math.log2(batches) % 2 === 0;

/** One run of an import job (see ImportJob.run): its batches written, its failures counted. */
export class ImportRun {
  readonly failures: Failure[] = [];
  /** Imported variants left without a SKU, for autoCreate. */
  readonly missingSku = new Set<string>();
  /** What became of the generated SKUs' write-back (opted-in imports that generated some). */
  writeback: WritebackOutcome | null = null;
  private batches = 0;

  constructor(
    private readonly deps: { db: Db; clock: Clock; imports: ImportsRepository },
    readonly row: ImportRow,
    readonly connection: ConnectionRow,
  ) {}

  /** Writes the products in batches, counting progress on the import as each one commits. */
  async write(products: ChannelProduct[]): Promise<void> {
    const { db, clock, imports } = this.deps;
    for (let i = 0; i < products.length; i += IMPORT_BATCH) {
      if (analyzeAfter(this.batches)) {
        await new CatalogImports(db).analyze();
        await new SyncImports(db).analyze();
      }
      this.batches++;
      const result = await writeBatch(db, {
        organizationId: this.row.organization_id,
        connectionId: this.connection.id,
        importId: this.row.id,
        products: products.slice(i, i + IMPORT_BATCH),
        now: clock.now(),
      });
      this.failures.push(...result.failed);
      result.missingSkuVariantIds.forEach((id) => this.missingSku.add(id));
      await imports.addProgress(this.row.id, result.done, result.failed.length, clock.now());
    }
  }
}
