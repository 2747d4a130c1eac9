import { AuthError, ChannelError, withRetry } from '@stocksync/channels';
import type { Db } from '../../db/client';
import { PLATFORM_NAMES } from '../../db/types';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { ActivityService } from '../activity/service';
import type { SkuService } from '../catalog/sku-service';
import { messageOf, type ConnectionsService } from '../connections/service';
import { ImportsRepository } from './repository';
import { ImportRun } from './import-run';
import { fetchCatalogue } from './remote-fetch';
import { writeBackGenerated, type ImportSkuWriteback } from './sku-writeback-step';

/** Attempts of one channel call inside the job before the job itself fails and is retried. */
const CALL_ATTEMPTS = 8;

export interface JobContext {
  attempts: number;
  maxAttempts: number;
  log: { info(message: string): void; warn(message: string): void };
}

export interface ImportJobOptions {
  sleep?: (ms: number) => Promise<void>;
  retryBaseMs?: number;
  /**
   * Where an opted-in import sends the SKUs it generated (sync's SkuWriteback). Without it such
   * an import says in its activity entry that they were not sent.
   */
  writeback?: ImportSkuWriteback;
}

/**
 * The import job. Safe to run again after a crash or a failed attempt: every write is an upsert
 * keyed by (connection, external variant id), so a retry redoes the work without duplicates.
 * Channel errors are retried in place with backoff; if they persist the job throws and
 * graphile-worker retries it; on the last attempt (or a non-retryable error) it is marked failed.
 */
export class ImportJob {
  readonly imports: ImportsRepository;

  constructor(
    readonly deps: {
      db: Db;
      clock: Clock;
      connections: ConnectionsService;
      skus: SkuService;
      activity: ActivityService;
      options: ImportJobOptions;
    },
  ) {
    this.imports = new ImportsRepository(deps.db);
  }

  retry<T>(fn: () => Promise<T>): Promise<T> {
    const { options } = this.deps;
    return withRetry(fn, {
      attempts: CALL_ATTEMPTS,
      baseDelayMs: options.retryBaseMs ?? 250,
      maxDelayMs: 10_000,
      ...(options.sleep ? { sleep: options.sleep } : {}),
    });
  }

  async run(importId: string, job: JobContext): Promise<void> {
    const { clock, connections } = this.deps;
    const row = await this.imports.find(importId);
    if (!row || row.status === 'completed' || row.status === 'failed') return;
    const connection = await connections.row(row.organization_id, row.connection_id).catch((e) => {
      if (e instanceof AppError && e.statusCode === 404) return undefined;
      throw e;
    });
    if (!connection) return;
    await this.imports.markRunning(row, clock.now());
    const run = new ImportRun({ ...this.deps, imports: this.imports }, row, connection);
    try {
      await this.fetchAndWrite(run);
      await this.generateMissingSkus(run);
    } catch (error) {
      const final =
        !(error instanceof ChannelError && error.retryable) || job.attempts >= job.maxAttempts;
      if (error instanceof AuthError)
        await connections.markNeedsReauth(connection.id, messageOf(error));
      if (!final) {
        job.log.warn(
          `import ${importId} attempt ${job.attempts} failed, will retry: ${messageOf(error)}`,
        );
        await this.imports.setError(importId, `Retrying: ${messageOf(error)}`, clock.now());
        throw error;
      }
      await this.finish(run, 'failed', messageOf(error));
      return;
    }
    await this.finish(run, 'completed', null);
  }

  /** The selected products (or the whole catalogue) fetched and written batch by batch. */
  private async fetchAndWrite(run: ImportRun): Promise<void> {
    const { row, connection } = run;
    const { connections, clock } = this.deps;
    const gone = await fetchCatalogue(
      connections.channels[connection.platform].adapter,
      () => connections.credentials(connection.id),
      row.product_ids ? new Set(row.product_ids) : null,
      (fn) => this.retry(fn),
      {
        total: (count) => this.imports.setTotal(row.id, count, clock.now()),
        items: (products) => run.write(products),
      },
    );
    if (gone.length === 0) return;
    run.failures.push(
      ...gone.map((externalId) => ({ externalId, reason: 'not found on the channel' })),
    );
    await this.imports.addFailed(row.id, gone.length);
  }

  /**
   * SKUs for the imported variants left without one (exactly those the dry run counts), when the
   * organisation asks for them; sent to their listings when the seller opted in (write_back_skus).
   */
  private async generateMissingSkus(run: ImportRun): Promise<void> {
    const { row } = run;
    if (run.missingSku.size === 0 || !row.user_id) return;
    const settings = await this.deps.skus.getSettings(row.organization_id);
    if (!settings.autoCreate) return;
    const { variantIds } = await this.deps.skus.generateAll(row.organization_id, row.user_id, {
      variantIds: [...run.missingSku],
    });
    if (!row.write_back_skus) return;
    run.writeback = await writeBackGenerated(this.deps.options.writeback, {
      organizationId: row.organization_id,
      userId: row.user_id,
      variantIds,
    });
  }

  private async finish(
    run: ImportRun,
    status: 'completed' | 'failed',
    error: string | null,
  ): Promise<void> {
    const { row, connection, failures, writeback } = run;
    const updated = await this.imports.finish(row.id, status, error, this.deps.clock.now());
    const reasons = failures
      .slice(0, 5)
      .map((f) => `${f.externalId}: ${f.reason}`)
      .join('; ');
    await this.deps.activity.record({
      organizationId: row.organization_id,
      userId: row.user_id,
      activity: `Import from ${PLATFORM_NAMES[connection.platform]} ${connection.alias}`,
      note:
        status === 'failed'
          ? `Failed after ${updated.done} products: ${error ?? 'unknown error'}`
          : `Imported ${updated.done} products` +
            (updated.failed > 0
              ? `, ${updated.failed} failed (${reasons}${failures.length > 5 ? '; …' : ''})`
              : '') +
            (writeback ? `; ${writeback.note}` : ''),
      status:
        status === 'failed' || updated.failed > 0
          ? 'error'
          : writeback && !writeback.ok
            ? 'warning'
            : 'success',
    });
  }
}
