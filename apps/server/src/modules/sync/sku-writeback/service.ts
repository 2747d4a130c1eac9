import type { SetSkuResult } from '@stocksync/channels';
import {
  skuWritebackMessages,
  type SkuWritebackListing,
  type SkuWritebackPreview,
  type SkuWritebackQueued,
} from '@stocksync/contract';
import { enqueue } from '../../../jobs/queue-repository';
import { badRequest, notFoundIn } from '../../../lib/errors';
import { handledAuthFailure, openSession, type SyncContext } from '../session';
import { skuConflictsPage } from '../sku-conflicts/service';
import type { ConflictKind } from '../sku-conflicts/repository';
import { planListing } from './plan';
import { SkuWritebackRepository, type QueuedSku } from './repository';

/** SKUs sent per setSkus call. */
const CHUNK = 100;

/** How a job run ended, for its retry: the queue retries while retryable SKUs are left. */
export interface WritebackRun {
  attempts: number;
  maxAttempts: number;
}

/** Thrown so the queue tries the connection's job again later (its back-off). */
export class SkusLeftToRetry extends Error {}

/**
 * SKU write-back (issue 25 item 1, docs/decisions/0055): which listing gets which SKU, the
 * confirmation that queues them, and the connection's job that sends them through its adapter.
 */
export class SkuWriteback {
  constructor(private readonly context: SyncContext) {}

  async preview(
    organizationId: string,
    variantIds: readonly string[],
  ): Promise<SkuWritebackPreview> {
    const repo = new SkuWritebackRepository(this.context.db);
    const ids = [...new Set(variantIds)];
    if ((await repo.countVariants(organizationId, ids)) !== ids.length)
      throw notFoundIn(skuWritebackMessages.variantsNotFound, 'variant_ids');
    return { listings: (await repo.listings(organizationId, ids)).map(planListing) };
  }

  /**
   * The preview as it will be once some variants' SKUs change (`skuOf` answers a variant's SKU
   * then): SKU conflict fixes (sku-conflicts/) show it before they are applied.
   */
  async previewAs(
    organizationId: string,
    variantIds: readonly string[],
    skuOf: (variantId: string, sku: string) => string,
  ): Promise<SkuWritebackListing[]> {
    const repo = new SkuWritebackRepository(this.context.db);
    const rows = await repo.listings(organizationId, [...new Set(variantIds)]);
    return rows.map((row) => planListing({ ...row, sku: skuOf(row.variant_id, row.sku) }));
  }

  /** A page of the organisation's SKU conflicts with their fixes (sku-conflicts/). */
  conflicts(
    organizationId: string,
    query: { kind?: ConflictKind; page: number; pageSize: number },
  ) {
    return skuConflictsPage(this.context.db, organizationId, query);
  }

  /** Queues every listing the preview would push, one job per connection, with an activity entry. */
  async confirm(
    organizationId: string,
    userId: string,
    variantIds: readonly string[],
  ): Promise<SkuWritebackQueued> {
    const { listings } = await this.preview(organizationId, variantIds);
    const toPush = listings.filter((l) => l.action === 'push');
    const refused = listings.filter((l) => l.action === 'refused');
    if (toPush.length === 0 && refused.length === 0)
      throw badRequest(skuWritebackMessages.nothingToPush, 'variant_ids');
    const { db, clock, activity } = this.context;
    await db.transaction().execute(async (trx) => {
      await new SkuWritebackRepository(trx).queue(
        organizationId,
        toPush.map((l) => ({
          connectionId: l.connection_id,
          listingId: l.listing_id,
          sku: l.sku!,
        })),
        clock.now(),
      );
      for (const connectionId of new Set(toPush.map((l) => l.connection_id))) {
        await enqueue(trx, {
          name: 'sync_sku_writeback',
          payload: { connection_id: connectionId },
          options: { queue: `sync:${connectionId}`, key: `skus:${connectionId}`, maxAttempts: 5 },
        });
      }
      await activity.record(
        {
          organizationId,
          userId,
          activity: 'SKUs sent to channels',
          note: confirmNote(toPush, refused),
          status: toPush.length === 0 ? 'warning' : 'in_progress',
        },
        trx,
      );
    });
    return {
      queued: toPush.length,
      unchanged: listings.filter((l) => l.action === 'unchanged').length,
      refused: refused.length,
      listings: (await this.preview(organizationId, variantIds)).listings,
    };
  }

  /** The connection's job: sends its queued SKUs and records each listing's result. */
  async run(connectionId: string, run: WritebackRun): Promise<void> {
    const { db, connections } = this.context;
    const repo = new SkuWritebackRepository(db);
    const queued = await repo.queued(connectionId);
    if (queued.length === 0) return;
    const session = await openSession(connections, connectionId);
    if (!session) {
      await this.settleAll(
        queued,
        'failed',
        'The account is not connected; reconnect it and send the SKUs again',
      );
      return;
    }
    const setSkus = session.adapter.setSkus?.bind(session.adapter);
    const outcome = { pushed: 0, refused: [] as string[], failed: 0, retrying: 0 };
    for (let i = 0; i < queued.length; i += CHUNK) {
      const part = queued.slice(i, i + CHUNK);
      let results: SetSkuResult[];
      try {
        results = setSkus
          ? await setSkus(session.credentials, part.map(changeOf))
          : part.map((p) => refusedResult(p, skuWritebackMessages.ebaySkuIsKey));
      } catch (error) {
        if (!(await handledAuthFailure(connections, session, error))) throw error;
        const message = `${session.alias} needs reconnecting: ${(error as Error).message}`;
        await this.settleAll(queued.slice(i), 'failed', message);
        outcome.failed += queued.length - i;
        break;
      }
      await this.record(part, results, run, outcome);
    }
    await this.report(session.organizationId, session.alias, outcome);
    if (outcome.retrying > 0) throw new SkusLeftToRetry(`${outcome.retrying} SKUs to send again`);
  }

  private async record(
    part: QueuedSku[],
    results: SetSkuResult[],
    run: WritebackRun,
    outcome: { pushed: number; refused: string[]; failed: number; retrying: number },
  ): Promise<void> {
    const repo = new SkuWritebackRepository(this.context.db);
    const now = this.context.clock.now();
    const lastTry = run.attempts >= run.maxAttempts;
    for (const [index, push] of part.entries()) {
      const result = results[index]!;
      if (result.status === 'ok') {
        await repo.pushed(push, now);
        outcome.pushed++;
      } else if (!result.retryable) {
        await repo.settle(push.id, 'refused', result.message, now);
        outcome.refused.push(`${push.sku}: ${result.message}`);
      } else if (lastTry) {
        await repo.settle(
          push.id,
          'failed',
          `Gave up after ${run.attempts} tries: ${result.message}`,
          now,
        );
        outcome.failed++;
      } else {
        await repo.settle(push.id, 'queued', `Will be tried again: ${result.message}`, now);
        outcome.retrying++;
      }
    }
  }

  private async settleAll(queued: QueuedSku[], status: 'failed', message: string) {
    const repo = new SkuWritebackRepository(this.context.db);
    const now = this.context.clock.now();
    for (const push of queued) await repo.settle(push.id, status, message, now);
  }

  /** One activity entry per run that settled something. */
  private async report(
    organizationId: string,
    alias: string,
    outcome: { pushed: number; refused: string[]; failed: number; retrying: number },
  ): Promise<void> {
    const settled = outcome.pushed + outcome.refused.length + outcome.failed;
    if (settled === 0) return;
    const parts = [`${outcome.pushed} of ${settled + outcome.retrying} SKUs set on ${alias}`];
    if (outcome.refused.length) parts.push(`refused: ${outcome.refused.slice(0, 5).join('; ')}`);
    if (outcome.failed) parts.push(`${outcome.failed} failed after retries`);
    if (outcome.retrying) parts.push(`${outcome.retrying} to be tried again`);
    await this.context.activity.record({
      organizationId,
      userId: null,
      activity: 'SKU write-back',
      note: parts.join('; '),
      status: settled === outcome.pushed ? 'success' : outcome.pushed > 0 ? 'warning' : 'error',
    });
  }
}

function changeOf(push: QueuedSku) {
  return {
    ref: {
      externalProductId: push.external_product_id,
      externalVariantId: push.external_variant_id,
      ...(push.external_inventory_item_id
        ? { inventoryItemId: push.external_inventory_item_id }
        : {}),
    },
    sku: push.sku,
  };
}

function refusedResult(push: QueuedSku, message: string): SetSkuResult {
  return { ref: changeOf(push).ref, status: 'error', retryable: false, message };
}

function confirmNote(toPush: SkuWritebackListing[], refused: SkuWritebackListing[]): string {
  const accounts = new Set(toPush.map((l) => l.account));
  const queued = `${toPush.length} listings queued on ${accounts.size} accounts`;
  return refused.length === 0
    ? queued
    : `${queued}; ${refused.length} not sent (${refused[0]!.platform}: ${refused[0]!.reason})`;
}
