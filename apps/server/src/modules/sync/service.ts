import {
  catalogMessages,
  syncMessages,
  type LedgerResponse,
  type ProductListingsResponse,
  type QuantityConflict,
  type SyncPreviewResponse,
  type Variant,
} from '@stocksync/contract';
import type { ChannelWebhookEvent } from '@stocksync/channels';
import type { Db } from '../../db/client';
import type { Platform } from '../../db/types';
import type { Clock } from '../../lib/clock';
import { AppError, notFoundIn } from '../../lib/errors';
import type { ActivityService } from '../activity/service';
import type { ConnectionsService } from '../connections/service';
import { ChannelChanges, type ChangesSettings } from './channel-changes';
import { ConnectionSync } from './connection-sync';
import type { ConnectionSyncSettings } from './session';
import { MasterQuantities } from './master';
import { OrderIntake, type OrderSettings } from './orders';
import { QuantityEdits, type QuantityEdit } from './quantity-edits';
import { IntakeRepository } from './intake-repository';
import { SyncRepository } from './repository';
import { StockRepository } from './stock-repository';
import { SyncViewsRepository } from './views-repository';
import { planWebhook, type SyncWebhookKind, type WebhookEffect } from './webhook-plan';
import { Wakeups } from './wakeups';
import { SkuWriteback } from './sku-writeback/service';
import { queueChangesCheck, queueConnectionJob, queueOrderPoll } from './connection-jobs';

export type SyncSettings = ConnectionSyncSettings & OrderSettings & ChangesSettings;

export const DEFAULT_SYNC_SETTINGS: SyncSettings = {
  retry: { attempts: 4, baseDelayMs: 100, maxDelayMs: 2_000 },
  driftSettleMs: 5_000,
  // Past the longest a channel's order may come after its sale: eBay's poll overlaps by minutes,
  // and webhook retries run for hours (Shopify: 4 h; TikTok does not say) (ADR 0054).
  decreaseClaimMs: 3 * 86_400_000,
  pollIntervalMs: 10_000,
  pollOverlapMs: 5 * 60_000,
  // Shopify every minute; eBay every 4 minutes, so an edit there (applied after the 5 s settle)
  // lands within 5 (ADR 0054). TikTok reports edits with its product webhook.
  changesIntervalMs: { shopify: 60_000, ebay: 240_000 },
  changesOverlapMs: 60_000,
};

const PREVIEW_SHOWN = 500;

/**
 * Stock sync (issue 6, docs/decisions/0025-stock-sync.md): the master quantity of a synced variant
 * is the truth; changes reported by channels are applied once and pushed to every other listing.
 */
export class SyncService {
  readonly master: MasterQuantities;
  readonly connectionSync: ConnectionSync;
  readonly orders: OrderIntake;
  readonly changes: ChannelChanges;
  readonly skuWriteback: SkuWriteback;
  private readonly quantityEdits: QuantityEdits;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly connections: ConnectionsService,
    activity: ActivityService,
    private readonly settings: SyncSettings = DEFAULT_SYNC_SETTINGS,
  ) {
    this.master = new MasterQuantities(clock);
    this.quantityEdits = new QuantityEdits(db, this.master);
    this.orders = new OrderIntake(db, clock, connections, this.master, settings);
    const context = { db, clock, connections, master: this.master, activity, settings };
    this.connectionSync = new ConnectionSync(context, this.orders);
    this.changes = new ChannelChanges(context, settings);
    this.skuWriteback = new SkuWriteback(context);
  }

  /**
   * A seller sets or adjusts a variant's quantity: recorded and pushed like any other change (the
   * answer: the variant after it), or refused (the conflict) when a checked set's master moved or
   * a removal would leave it below 0.
   */
  editQuantity(
    organizationId: string,
    userId: string,
    variantId: string,
    edit: QuantityEdit,
  ): Promise<{ variant: Variant } | { conflict: QuantityConflict }> {
    return this.quantityEdits.apply(organizationId, userId, variantId, edit);
  }

  async listings(organizationId: string, productId: string): Promise<ProductListingsResponse> {
    const views = new SyncViewsRepository(this.db);
    if (!(await views.productExists(organizationId, productId)))
      throw notFoundIn(catalogMessages.productNotFound, 'id');
    return { listings: await views.listings(organizationId, productId) };
  }

  async ledger(
    organizationId: string,
    productId: string,
    page: number,
    pageSize: number,
  ): Promise<LedgerResponse> {
    const views = new SyncViewsRepository(this.db);
    if (!(await views.productExists(organizationId, productId)))
      throw notFoundIn(catalogMessages.productNotFound, 'id');
    const { entries, total } = await views.ledgerPage(
      organizationId,
      productId,
      (page - 1) * pageSize,
      pageSize,
    );
    return { entries, total, page, pageSize };
  }

  /** What turning sync on for these products would push (changes nothing). */
  async preview(organizationId: string, ids: readonly string[]): Promise<SyncPreviewResponse> {
    const unique = [...new Set(ids)];
    const views = new SyncViewsRepository(this.db);
    if ((await views.countProducts(organizationId, unique)) !== unique.length)
      throw notFoundIn(catalogMessages.productsNotFound, 'ids');
    const rows = await views.alignmentRows(organizationId, unique);
    const changes = rows
      .filter((r) => !r.aligned)
      .map(({ aligned: _aligned, ...change }) => change);
    return {
      changes: changes.slice(0, PREVIEW_SHOWN),
      total_changes: changes.length,
      unchanged: rows.length - changes.length,
    };
  }

  /**
   * Products whose sync was just turned on: every listing is read, then set to the master (with
   * compare-and-set where the channel has it). Runs in the transaction that turned sync on.
   */
  async align(trx: Db, organizationId: string, productIds: readonly string[]): Promise<void> {
    if (productIds.length === 0) return;
    const stock = new StockRepository(trx);
    const now = this.clock.now();
    for (const connectionId of await stock.requestAlignment(organizationId, productIds, now))
      await queueConnectionJob(trx, 'sync_connection', connectionId);
  }

  /** Queues a stock check of one account or every active account of the organisation. */
  async requestReconcile(organizationId: string, connectionId?: string): Promise<number> {
    const ids = await this.connections.activeIds(organizationId);
    if (connectionId && !ids.includes(connectionId)) {
      const exists = await this.connections.find(connectionId);
      if (!exists || exists.organization_id !== organizationId)
        throw new AppError(404, syncMessages.connectionNotFound, 'pc_id');
      throw new AppError(409, 'This account is not active. Reconnect it first.', 'pc_id');
    }
    const targets = connectionId ? [connectionId] : ids;
    for (const id of targets)
      await queueConnectionJob(this.db, 'sync_reconcile', id, { requested: true });
    return targets.length;
  }

  /** Pushes held back while an account's sync was off (or it was re-authorised) go out now. */
  async resume(connectionId: string): Promise<void> {
    await queueConnectionJob(this.db, 'sync_connection', connectionId);
  }

  /**
   * A verified stock or order webhook (the webhooks intake hands sync every one of these kinds),
   * planned by reads: what recording it must write (listings flagged for a re-read, the order it
   * named queued), in the transaction that records the event, and the jobs to wake once that has
   * committed. 'echo': our own push coming back, nothing to record (webhook-plan.ts).
   */
  async planWebhook(
    platform: Platform,
    event: ChannelWebhookEvent & { kind: SyncWebhookKind },
    connectionIds: readonly string[],
  ): Promise<WebhookEffect | 'echo'> {
    const plan = await planWebhook(this.db, platform, event, connectionIds);
    if (plan === 'echo') return plan;
    return {
      record: (trx) =>
        new IntakeRepository(trx).recordWebhookRequests(plan.checks, plan.orders, this.clock.now()),
      committed: async () => {
        const wakeups = new Wakeups();
        wakeups.addAll('sync_connection', plan.checks.connectionIds);
        wakeups.addAll('sync_orders', plan.orders?.connectionIds ?? []);
        await wakeups.flush(this.db);
      },
    };
  }

  /**
   * Periodic: every active eBay account has a poll scheduled and every active account of a
   * platform with an incremental stock check has its check scheduled (no-op when one is), and
   * connections with sync work flagged have their job (a process that died after a commit did
   * not wake it).
   */
  async schedulePolls(): Promise<void> {
    const repo = new SyncRepository(this.db);
    for (const id of await this.connections.activeIds(undefined, 'ebay'))
      await queueOrderPoll(this.db, id, 0);
    for (const platform of ['shopify', 'ebay'] as const)
      if ((this.settings.changesIntervalMs[platform] ?? 0) > 0)
        for (const id of await this.connections.activeIds(undefined, platform))
          await queueChangesCheck(this.db, id, 0);
    const work = await repo.connectionsWithWork();
    const wakeups = new Wakeups();
    wakeups.addAll('sync_connection', work.sync);
    wakeups.addAll('sync_orders', work.orders);
    await wakeups.flush(this.db);
  }

  /** Periodic: a stock check of every active account. */
  async reconcileAll(): Promise<void> {
    for (const id of await this.connections.activeIds())
      await queueConnectionJob(this.db, 'sync_reconcile', id);
  }
}
