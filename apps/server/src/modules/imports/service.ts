import { sql, type Selectable } from 'kysely';
import {
  AuthError,
  ChannelError,
  withRetry,
  type ChannelAdapter,
  type ChannelCredentials,
  type ChannelProduct,
} from '@stocksync/channels';
import {
  importMessages,
  type Import,
  type RemoteProductsResponse,
  type StartImportBody,
} from '@stocksync/contract';
import type { Db } from '../../db/client';
import { enqueue } from '../../jobs/queue-repository';
import { PLATFORM_NAMES, type ImportsTable, type Platform } from '../../db/types';
import type { Clock } from '../../lib/clock';
import { AppError, conflict, notFound } from '../../lib/errors';
import type { ActivityService } from '../activity/service';
import type { SkuService } from '../catalog/sku-service';
import { channelUnavailable, messageOf, type ConnectionsService } from '../connections/service';
import { writeBatch } from './writer';

type ImportRow = Selectable<ImportsTable>;

/** Products written per transaction. */
export const IMPORT_BATCH = 250;
/** Attempts of one channel call inside the job before the job itself fails and is retried. */
const CALL_ATTEMPTS = 8;
/** graphile-worker attempts of an import job. */
export const IMPORT_MAX_ATTEMPTS = 10;

/**
 * Products per second each channel lets us read at its documented limits, for the estimate before
 * the job has a pace of its own: Shopify standard plan restores 100 points/s and a products page of
 * 10 with variants costs about 20 (bulk export is faster still); eBay pages 25 items at a few calls
 * per second; TikTok product search plus detail, 50 QPS.
 */
const CHANNEL_PRODUCTS_PER_SECOND: Record<Platform, number> = { shopify: 50, ebay: 25, tiktok: 20 };

export interface JobContext {
  attempts: number;
  maxAttempts: number;
  log: { info(message: string): void; warn(message: string): void };
}

export class ImportsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly connections: ConnectionsService,
    private readonly skus: SkuService,
    private readonly activity: ActivityService,
    private readonly options: { sleep?: (ms: number) => Promise<void>; retryBaseMs?: number } = {},
  ) {}

  private retry<T>(fn: () => Promise<T>): Promise<T> {
    return withRetry(fn, {
      attempts: CALL_ATTEMPTS,
      baseDelayMs: this.options.retryBaseMs ?? 250,
      maxDelayMs: 10_000,
      ...(this.options.sleep ? { sleep: this.options.sleep } : {}),
    });
  }

  private adapter(platform: Platform): ChannelAdapter {
    return this.connections.channels[platform].adapter;
  }

  /** Credentials for a request made on a user's behalf; channel problems become 4xx/502. */
  private async requestCredentials(connectionId: string): Promise<ChannelCredentials> {
    try {
      return await this.connections.credentials(connectionId);
    } catch (error) {
      if (error instanceof AuthError) throw conflict(importMessages.connectionInactive, 'pc_id');
      throw error;
    }
  }

  /** One page of the remote catalogue with what we already imported. */
  async remotePage(
    organizationId: string,
    query: { pc_id: string; cursor?: string; search?: string },
  ): Promise<RemoteProductsResponse> {
    const connection = await this.connections.row(organizationId, query.pc_id);
    if (connection.status === 'disconnected')
      throw conflict(importMessages.connectionInactive, 'pc_id');
    const credentials = await this.requestCredentials(connection.id);
    const adapter = this.adapter(connection.platform);
    let page;
    try {
      page = await withRetry(
        () =>
          adapter.listCatalogue(credentials, {
            cursor: query.cursor ?? null,
            ...(query.search ? { search: query.search } : {}),
          }),
        { attempts: 3, baseDelayMs: 200 },
      );
    } catch (error) {
      if (error instanceof AuthError) {
        await this.connections.markNeedsReauth(connection.id, messageOf(error));
        throw conflict(importMessages.connectionInactive, 'pc_id');
      }
      if (error instanceof ChannelError && !error.retryable)
        throw new AppError(
          400,
          'The channel refused this page; start from the first page',
          'cursor',
        );
      if (error instanceof ChannelError) throw channelUnavailable(connection.platform);
      throw error;
    }
    // Search is the adapter's (the channel's own filter, or a bounded scan: port/search.ts).
    const items = page.items;
    const ids = items.map((p) => p.externalId);
    const known = ids.length
      ? await sql<{ external_product_id: string; product_id: string; is_synced: boolean }>`
          SELECT DISTINCT ON (cl.external_product_id) cl.external_product_id, p.id AS product_id,
                 p.is_synced
          FROM channel_listings cl
          JOIN product_variants pv ON pv.id = cl.variant_id
          JOIN products p ON p.id = pv.product_id
          WHERE cl.connection_id = ${connection.id}
            AND cl.external_product_id = ANY(${ids}::text[])
          ORDER BY cl.external_product_id, cl.created_at`.execute(this.db)
      : { rows: [] };
    const byId = new Map(known.rows.map((r) => [r.external_product_id, r]));
    return {
      products: items.map((p) => {
        const ours = byId.get(p.externalId);
        return {
          external_id: p.externalId,
          title: p.title,
          variants: p.variants.length,
          quantity: p.variants.reduce((sum, v) => sum + v.quantity, 0),
          product_id: ours?.product_id ?? null,
          is_synced: ours?.is_synced ?? false,
        };
      }),
      next_cursor: page.nextCursor,
    };
  }

  /** Records the import and queues its job in one transaction; answers at once. */
  async start(
    organizationId: string,
    userId: string,
    platform: Platform,
    body: StartImportBody,
  ): Promise<{ import_id: string }> {
    const connection = await this.connections.row(organizationId, body.pc_id);
    if (connection.platform !== platform) throw notFoundPc();
    if (connection.status !== 'active') throw conflict(importMessages.connectionInactive, 'pc_id');
    const productIds = body.all ? null : [...new Set(body.product_ids ?? [])];
    const now = this.clock.now();
    return this.db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('imports')
        .values({
          organization_id: organizationId,
          connection_id: connection.id,
          user_id: userId,
          product_ids: productIds,
          total: productIds?.length ?? 0,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await enqueue(trx, {
        name: 'imports_run',
        payload: { import_id: row.id },
        options: { maxAttempts: IMPORT_MAX_ATTEMPTS, key: `import:${row.id}` },
      });
      await this.activity.record(
        {
          organizationId,
          userId,
          activity: `Import from ${PLATFORM_NAMES[platform]} ${connection.alias}`,
          note: productIds ? `${productIds.length} products queued` : 'Whole catalogue queued',
          status: 'in_progress',
        },
        trx,
      );
      return { import_id: row.id };
    });
  }

  async get(organizationId: string, id: string): Promise<Import> {
    const row = await this.db
      .selectFrom('imports')
      .selectAll()
      .where('id', '=', id)
      .where('organization_id', '=', organizationId)
      .executeTakeFirst();
    if (!row) throw notFound();
    return this.present(row);
  }

  async list(organizationId: string, connectionId?: string): Promise<Import[]> {
    let query = this.db
      .selectFrom('imports')
      .selectAll()
      .where('organization_id', '=', organizationId);
    if (connectionId) query = query.where('connection_id', '=', connectionId);
    const rows = await query.orderBy('created_at', 'desc').orderBy('id').limit(20).execute();
    return Promise.all(rows.map((r) => this.present(r)));
  }

  private async present(row: ImportRow): Promise<Import> {
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
    };
  }

  /** Remaining products over the slower of the observed pace and the channel's rate limit. */
  private async eta(row: ImportRow): Promise<number | null> {
    if (row.status === 'completed' || row.status === 'failed') return 0;
    const remaining = Math.max(0, row.total - row.done - row.failed);
    if (row.total === 0) return null;
    const connection = await this.db
      .selectFrom('platform_connections')
      .select('platform')
      .where('id', '=', row.connection_id)
      .executeTakeFirst();
    const limit = CHANNEL_PRODUCTS_PER_SECOND[connection?.platform ?? 'shopify'];
    let rate = limit;
    const processed = row.done + row.failed;
    if (row.started_at && processed > 0) {
      const elapsed = (this.clock.now().getTime() - row.started_at.getTime()) / 1000;
      if (elapsed > 0) rate = Math.min(limit, processed / elapsed);
    }
    return Math.ceil(remaining / rate);
  }

  // ------------------------------------------------------------------------------- the job

  /**
   * Runs an import. Safe to run again after a crash or a failed attempt: every write is an upsert
   * keyed by (connection, external variant id), so a retry redoes the work without duplicates.
   * Channel errors are retried in place with backoff; if they persist the job throws and
   * graphile-worker retries it; on the last attempt (or a non-retryable error) it is marked failed.
   */
  async run(importId: string, job: JobContext): Promise<void> {
    const row = await this.db
      .selectFrom('imports')
      .selectAll()
      .where('id', '=', importId)
      .executeTakeFirst();
    if (!row || row.status === 'completed' || row.status === 'failed') return;
    const connection = await this.db
      .selectFrom('platform_connections')
      .selectAll()
      .where('id', '=', row.connection_id)
      .executeTakeFirst();
    if (!connection) return;
    const label = `${PLATFORM_NAMES[connection.platform]} ${connection.alias}`;
    await this.db
      .updateTable('imports')
      .set({
        status: 'running',
        started_at: row.started_at ?? this.clock.now(),
        done: 0,
        failed: 0,
        updated_at: this.clock.now(),
      })
      .where('id', '=', importId)
      .execute();

    const failures: { externalId: string; reason: string }[] = [];
    const missingSku = new Set<string>();
    try {
      const adapter = this.adapter(connection.platform);
      const wanted = row.product_ids ? new Set(row.product_ids) : null;
      let batches = 0;
      const write = async (products: ChannelProduct[]) => {
        for (let i = 0; i < products.length; i += IMPORT_BATCH) {
          // A large import into a young catalogue outgrows the planner's statistics (autovacuum
          // analyses later), and the aggregate refresh then scans instead of probing: refresh the
          // statistics after batches 1, 4, 16, 64... (measured in bench/results/import.md).
          if (batches > 0 && (batches & (batches - 1)) === 0 && Math.log2(batches) % 2 === 0)
            await sql`ANALYZE products, product_variants, channel_listings`.execute(this.db);
          batches++;
          const batch = products.slice(i, i + IMPORT_BATCH);
          const result = await writeBatch(this.db, {
            organizationId: row.organization_id,
            connectionId: connection.id,
            products: batch,
            now: this.clock.now(),
          });
          failures.push(...result.failed);
          result.missingSkuProductIds.forEach((id) => missingSku.add(id));
          await this.db
            .updateTable('imports')
            .set((eb) => ({
              done: eb('done', '+', result.done),
              failed: eb('failed', '+', result.failed.length),
              updated_at: this.clock.now(),
            }))
            .where('id', '=', importId)
            .execute();
        }
      };
      const credentials = () => this.connections.credentials(connection.id);

      if (!wanted && adapter.capabilities.bulkExport) {
        const all = await this.retry(async () => adapter.exportCatalogue(await credentials()));
        await this.setTotal(importId, all.length);
        await write(all);
      } else {
        let cursor: string | null = null;
        let seen = 0;
        const found = new Set<string>();
        do {
          const page = await this.retry(async () =>
            adapter.listCatalogue(await credentials(), { cursor }),
          );
          const items = wanted ? page.items.filter((p) => wanted.has(p.externalId)) : page.items;
          items.forEach((p) => found.add(p.externalId));
          seen += items.length;
          if (!wanted) await this.setTotal(importId, seen);
          await write(items);
          cursor = page.nextCursor;
        } while (cursor && (!wanted || found.size < wanted.size));
        if (wanted) {
          const gone = [...wanted].filter((id) => !found.has(id));
          if (gone.length > 0) {
            failures.push(
              ...gone.map((externalId) => ({ externalId, reason: 'not found on the channel' })),
            );
            await this.db
              .updateTable('imports')
              .set((eb) => ({ failed: eb('failed', '+', gone.length) }))
              .where('id', '=', importId)
              .execute();
          }
        }
      }

      if (missingSku.size > 0 && row.user_id) {
        const settings = await this.skus.getSettings(row.organization_id);
        if (settings.autoCreate)
          await this.skus.generate(row.organization_id, row.user_id, {
            ids: [...missingSku],
            allSelected: false,
          });
      }
    } catch (error) {
      const final =
        !(error instanceof ChannelError && error.retryable) || job.attempts >= job.maxAttempts;
      if (error instanceof AuthError)
        await this.connections.markNeedsReauth(connection.id, messageOf(error));
      if (!final) {
        job.log.warn(
          `import ${importId} attempt ${job.attempts} failed, will retry: ${messageOf(error)}`,
        );
        await this.db
          .updateTable('imports')
          .set({ error: `Retrying: ${messageOf(error)}`, updated_at: this.clock.now() })
          .where('id', '=', importId)
          .execute();
        throw error;
      }
      await this.finish(row, label, 'failed', failures, messageOf(error));
      return;
    }
    await this.finish(row, label, 'completed', failures, null);
  }

  private async setTotal(importId: string, total: number): Promise<void> {
    await this.db
      .updateTable('imports')
      .set({ total, updated_at: this.clock.now() })
      .where('id', '=', importId)
      .execute();
  }

  private async finish(
    row: ImportRow,
    label: string,
    status: 'completed' | 'failed',
    failures: { externalId: string; reason: string }[],
    error: string | null,
  ): Promise<void> {
    const now = this.clock.now();
    const updated = await this.db
      .updateTable('imports')
      .set({ status, finished_at: now, error, updated_at: now })
      .where('id', '=', row.id)
      .returning(['done', 'failed', 'total'])
      .executeTakeFirstOrThrow();
    const reasons = failures
      .slice(0, 5)
      .map((f) => `${f.externalId}: ${f.reason}`)
      .join('; ');
    await this.activity.record({
      organizationId: row.organization_id,
      userId: row.user_id,
      activity: `Import from ${label}`,
      note:
        status === 'failed'
          ? `Failed after ${updated.done} products: ${error ?? 'unknown error'}`
          : `Imported ${updated.done} products` +
            (updated.failed > 0
              ? `, ${updated.failed} failed (${reasons}${failures.length > 5 ? '; …' : ''})`
              : ''),
      status: status === 'failed' || updated.failed > 0 ? 'error' : 'success',
    });
  }
}

const notFoundPc = () => new AppError(404, 'Not found', 'pc_id');
