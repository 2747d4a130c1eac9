import {
  importMessages,
  type Import,
  type ImportPreview,
  type RemoteProductsResponse,
  type StartImportBody,
  type UndoImportResponse,
} from '@stocksync/contract';
import type { Db } from '../../db/client';
import { enqueue } from '../../jobs/queue-repository';
import { PLATFORM_NAMES, type Platform } from '../../db/types';
import type { Clock } from '../../lib/clock';
import { AppError, conflict, notFound } from '../../lib/errors';
import type { ActivityService } from '../activity/service';
import type { SkuService } from '../catalog/sku-service';
import type { ConnectionsService } from '../connections/service';
import { RemoteCatalogue } from './remote-catalogue';
import { ImportJob, type ImportJobOptions, type JobContext } from './import-job';
import { ImportsRepository, type ImportRow } from './repository';
import { dryRun } from './dry-run';
import { ImportUndo, undoUntil } from './undo';

/** graphile-worker attempts of an import job. */
export const IMPORT_MAX_ATTEMPTS = 10;

/**
 * Products per second each channel lets us read at its documented limits, for the estimate before
 * the job has a pace of its own: Shopify standard plan restores 100 points/s and a products page of
 * 10 with variants costs about 20 (bulk export is faster still); eBay pages 25 items at a few calls
 * per second; TikTok product search plus detail, 50 QPS.
 */
const CHANNEL_PRODUCTS_PER_SECOND: Record<Platform, number> = { shopify: 50, ebay: 25, tiktok: 20 };

export class ImportsService {
  private readonly imports: ImportsRepository;
  private readonly job: ImportJob;
  private readonly remote: RemoteCatalogue;
  private readonly undoer: ImportUndo;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly connections: ConnectionsService,
    private readonly skus: SkuService,
    private readonly activity: ActivityService,
    options: ImportJobOptions = {},
  ) {
    this.imports = new ImportsRepository(db);
    this.job = new ImportJob({ db, clock, connections, skus, activity, options });
    this.remote = new RemoteCatalogue(db, connections);
    this.undoer = new ImportUndo({ db, clock, connections, activity });
  }

  /** One page of the remote catalogue with what we already imported (see RemoteCatalogue). */
  remotePage(
    organizationId: string,
    query: { pc_id: string; cursor?: string; search?: string },
  ): Promise<RemoteProductsResponse> {
    return this.remote.page(organizationId, query);
  }

  /** What importing these products would do (ADR 0053): planned as the import plans, no write. */
  async preview(
    organizationId: string,
    platform: Platform,
    body: StartImportBody,
  ): Promise<ImportPreview> {
    const connection = await this.importable(organizationId, platform, body.pc_id);
    const wanted = body.all ? null : new Set(body.product_ids ?? []);
    const { products, gone } = await this.remote.products(connection, wanted);
    const { autoCreate } = await this.skus.getSettings(organizationId);
    return dryRun(
      this.db,
      { organizationId, connectionId: connection.id, products },
      { gone, platform, autoCreate },
    );
  }

  /** Undoes a finished import (see ImportUndo). */
  undo(organizationId: string, userId: string, importId: string): Promise<UndoImportResponse> {
    return this.undoer.undo(organizationId, userId, importId);
  }

  private async importable(organizationId: string, platform: Platform, pcId: string) {
    const connection = await this.connections.row(organizationId, pcId);
    if (connection.platform !== platform) throw notFoundPc();
    if (connection.status !== 'active') throw conflict(importMessages.connectionInactive, 'pc_id');
    return connection;
  }

  /** Records the import and queues its job in one transaction; answers at once. */
  async start(
    organizationId: string,
    userId: string,
    platform: Platform,
    body: StartImportBody,
  ): Promise<{ import_id: string }> {
    const connection = await this.importable(organizationId, platform, body.pc_id);
    const productIds = body.all ? null : [...new Set(body.product_ids ?? [])];
    const now = this.clock.now();
    return this.db.transaction().execute(async (trx) => {
      const importId = await new ImportsRepository(trx).create({
        organizationId,
        connectionId: connection.id,
        userId,
        productIds,
        writeBackSkus: body.write_back_skus ?? false,
        now,
      });
      await enqueue(trx, {
        name: 'imports_run',
        payload: { import_id: importId },
        options: { maxAttempts: IMPORT_MAX_ATTEMPTS, key: `import:${importId}` },
      });
      await this.activity.record(
        {
          organizationId,
          userId,
          activity: `Import from ${PLATFORM_NAMES[platform]} ${connection.alias}`,
          note:
            (productIds ? `${productIds.length} products queued` : 'Whole catalogue queued') +
            (body.write_back_skus ? '; generated SKUs will be sent to the channel' : ''),
          status: 'in_progress',
        },
        trx,
      );
      return { import_id: importId };
    });
  }

  async get(organizationId: string, id: string): Promise<Import> {
    const row = await this.imports.find(id, organizationId);
    if (!row) throw notFound();
    return this.present(row);
  }

  async list(organizationId: string, connectionId?: string): Promise<Import[]> {
    const rows = await this.imports.latest(organizationId, connectionId);
    const undoable = await this.imports.withChanges(rows.map((r) => r.id));
    return Promise.all(rows.map((r) => this.present(r, undoable)));
  }

  private async present(row: ImportRow, undoable?: ReadonlySet<string>): Promise<Import> {
    const changed = undoable ? undoable.has(row.id) : await this.imports.withChanges([row.id]);
    const until = row.undone_at || !changed ? null : undoUntil(row);
    return {
      id: row.id,
      pc_id: row.connection_id,
      status: row.status,
      total: row.total,
      done: row.done,
      failed: row.failed,
      started_at: row.started_at?.toISOString() ?? null,
      finished_at: row.finished_at?.toISOString() ?? null,
      eta_seconds: await this.eta(row),
      error: row.error,
      created_at: row.created_at.toISOString(),
      undone_at: row.undone_at?.toISOString() ?? null,
      undo_until: until?.toISOString() ?? null,
    };
  }

  /** Remaining products over the slower of the observed pace and the channel's rate limit. */
  private async eta(row: ImportRow): Promise<number | null> {
    if (row.status === 'completed' || row.status === 'failed') return 0;
    const remaining = Math.max(0, row.total - row.done - row.failed);
    if (row.total === 0) return null;
    const connection = await this.connections.row(row.organization_id, row.connection_id);
    const limit = CHANNEL_PRODUCTS_PER_SECOND[connection.platform];
    let rate = limit;
    const processed = row.done + row.failed;
    if (row.started_at && processed > 0) {
      const elapsed = (this.clock.now().getTime() - row.started_at.getTime()) / 1000;
      if (elapsed > 0) rate = Math.min(limit, processed / elapsed);
    }
    return Math.ceil(remaining / rate);
  }

  /** Runs an import's job (see ImportJob). */
  run(importId: string, job: JobContext): Promise<void> {
    return this.job.run(importId, job);
  }
}

const notFoundPc = () => new AppError(404, 'Not found', 'pc_id');
