import {
  AuthError,
  ChannelError,
  withRetry,
  type ChannelAdapter,
  type ChannelOrder,
  type RetryOptions,
} from '@stocksync/channels';
import type { Db } from '../../db/client';
import { PLATFORM_NAMES } from '../../db/types';
import type { Clock } from '../../lib/clock';
import type { ConnectionRow } from '../connections/repository';
import type { ConnectionsService } from '../connections/service';
import type { MasterQuantities } from './master';
import { IntakeRepository } from './intake-repository';
import { StockRepository } from './stock-repository';
import { Wakeups } from './wakeups';
import { queueOrderPoll } from './connection-jobs';
import { LinePrices } from './line-prices';
import { EditDecreasesRepository } from './edit-decreases-repository';
import { applyClaimingDecreases, type OrderSale } from './order-claims';
import { listingOfLine } from './listing-refs';

export interface OrderSettings {
  retry: RetryOptions;
  /** eBay: how often orders are polled. */
  pollIntervalMs: number;
  /** Orders modified this long before the last poll are read again (late writes on eBay's side). */
  pollOverlapMs: number;
  /** See ConnectionSyncSettings. */
  decreaseClaimMs: number;
}

const CANCELLED = /cancel/i;

type OrderConnection = Pick<ConnectionRow, 'id' | 'organization_id' | 'platform' | 'alias'>;

/**
 * A push to the listing after this instant may have overwritten the channel's own decrement for
 * the order (eBay and TikTok cannot compare-and-set): a minute before the order, for clock skew.
 */
function overwriteWindowStart(order: ChannelOrder): Date {
  const created = Date.parse(order.createdAt);
  return new Date((Number.isFinite(created) ? created : Date.now()) - 60_000);
}

/**
 * Sales reported as orders (TikTok Shop webhooks and eBay notifications, fetched by the
 * connection's orders job; eBay polling as the safety net): each order line is a relative change
 * applied once (keyed by connection, order and listing). These channels have no compare-and-set:
 * if we pushed to the listing that sold around the time of the order, our push may have
 * overwritten the channel's decrement, so the listing is re-read and set to the master if it
 * differs (StockRepository.requestPushes).
 */
export class OrderIntake {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly connections: ConnectionsService,
    private readonly master: MasterQuantities,
    private readonly settings: OrderSettings,
  ) {}

  /** eBay: reads orders changed since the last poll, applies them, and schedules the next poll. */
  async poll(connectionId: string): Promise<void> {
    const connection = await this.connections.find(connectionId);
    if (!connection || connection.status !== 'active') return;
    const adapter: ChannelAdapter = this.connections.channels[connection.platform].adapter;
    if (!adapter.listOrders) return;
    const started = this.clock.now();
    if (connection.orders_polled_at) {
      const since = new Date(connection.orders_polled_at.getTime() - this.settings.pollOverlapMs);
      try {
        const credentials = await this.connections.credentials(connectionId);
        let cursor: string | null = null;
        do {
          const page = await withRetry(
            () => adapter.listOrders!(credentials, { since: since.toISOString(), cursor }),
            this.settings.retry,
          );
          await this.applyAll(connection, page.orders);
          cursor = page.nextCursor;
        } while (cursor);
      } catch (error) {
        if (error instanceof AuthError) {
          await this.connections.markNeedsReauth(connectionId, error.message);
          return;
        }
        if (!(error instanceof ChannelError && error.retryable)) throw error;
        // eBay is busy or down: keep the watermark (the next poll reads the same window again;
        // orders apply once) and keep the schedule instead of the queue's long back-off.
        await queueOrderPoll(this.db, connectionId, this.settings.pollIntervalMs);
        return;
      }
    }
    // The first poll only starts the watch: earlier sales are in the imported quantities.
    await this.connections.setOrdersPolledAt(connectionId, started);
    await queueOrderPoll(this.db, connectionId, this.settings.pollIntervalMs);
  }

  /**
   * Applies orders' lines to synced variants, once each. Orders are seen more than once (a webhook
   * and the poll, polls overlapping by minutes), so lines already in the ledger are skipped with
   * one read for the whole batch: a repeat would otherwise take the variant's row lock (held up
   * behind the sales of a busy variant) only to find its key taken.
   */
  async applyAll(connection: OrderConnection, orders: readonly ChannelOrder[]): Promise<number> {
    const live = orders.filter((order) => !CANCELLED.test(order.status));
    const lines = live.flatMap((order) => order.lines.map((line) => ({ order, line })));
    if (lines.length === 0) return 0;
    const connectionId = connection.id;
    const listings = await new IntakeRepository(this.db).listingsByVariantOrSku(
      connectionId,
      lines.map(({ line }) => ({
        ...(line.externalVariantId ? { externalVariantId: line.externalVariantId } : {}),
        sku: line.sku,
      })),
    );
    // One entry per order and listing: an order's lines for the same listing add up.
    const sold = new Map<
      string,
      {
        order: ChannelOrder;
        listingId: string;
        variantId: string;
        quantity: number;
        price: LinePrices;
      }
    >();
    for (const { order, line } of lines) {
      const listing = listingOfLine(listings, line);
      if (!listing || line.quantity <= 0) continue;
      const key = `order:${connectionId}:${order.externalId}:${listing.id}`;
      const entry = sold.get(key) ?? {
        order,
        listingId: listing.id,
        variantId: listing.variant_id,
        quantity: 0,
        price: new LinePrices(),
      };
      entry.quantity += line.quantity;
      entry.price.add(line);
      sold.set(key, entry);
    }
    const applied = await new StockRepository(this.db).ledgerKeysTaken(connection.organization_id, [
      ...sold.keys(),
    ]);
    // Listings with decreases read on the channel that a late order may already be counted in.
    const keepAfter = new Date(this.clock.now().getTime() - this.settings.decreaseClaimMs);
    const claimable = await new EditDecreasesRepository(this.db).listingsWithDecreases(
      [...new Set([...sold.values()].map((entry) => entry.listingId))],
      keepAfter,
    );
    const where = `${PLATFORM_NAMES[connection.platform]} '${connection.alias}'`;
    let count = 0;
    const wakeups = new Wakeups();
    try {
      for (const [key, { order, listingId, variantId, quantity, price }] of sold) {
        if (applied.has(key)) continue;
        const sale: OrderSale = {
          variantId,
          organizationId: connection.organization_id,
          change: { delta: -quantity },
          cause: 'order',
          connectionId,
          reference: order.externalId,
          key,
          source: `order ${order.externalId} on ${where}`,
          sold: { listingId, quantity, since: overwriteWindowStart(order) },
          onlyIfSynced: true,
          ...price.unitPrice(),
        };
        const createdAt = new Date(order.createdAt);
        const done =
          claimable.has(listingId) && Number.isFinite(createdAt.getTime())
            ? await applyClaimingDecreases(
                this.db,
                this.master,
                sale,
                createdAt,
                keepAfter,
                wakeups,
              )
            : // One statement (stock_apply_change): it needs no transaction of its own.
              (await this.master.apply(this.db, sale, wakeups)).applied;
        if (done) count++;
        // The other channels start on this sale now, not after the rest of the batch.
        await wakeups.flush(this.db);
      }
    } finally {
      await wakeups.flush(this.db);
    }
    return count;
  }
}
