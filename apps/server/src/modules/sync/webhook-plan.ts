import type { ChannelWebhookEvent, WebhookKind } from '@stocksync/channels';
import type { Db } from '../../db/client';
import type { Platform } from '../../db/types';
import { IntakeRepository, type CheckRequest } from './intake-repository';
import { listingOfLine } from './listing-refs';

/** The webhook kinds sync owns (the webhooks intake dispatches them here by kind). */
export const SYNC_WEBHOOK_KINDS = ['inventory', 'order'] as const satisfies readonly WebhookKind[];
export type SyncWebhookKind = (typeof SYNC_WEBHOOK_KINDS)[number];

/** What recording a webhook writes besides the event itself, and what follows its commit. */
export interface WebhookEffect {
  /** Runs in the transaction that records the event, only if the event is new. */
  record(trx: Db): Promise<void>;
  /** Once that transaction has committed. */
  committed(): Promise<void>;
}

/**
 * What a verified sync webhook asks for, decided by reads before anything is written, then recorded
 * with the event id in one transaction (IntakeRepository.recordWebhookRequests). Shopify stock and
 * order events and TikTok stock edits flag the listings for a re-read by the connection's job: the
 * read, not the payload, is the truth, so late, repeated or out-of-order deliveries cannot count a
 * change twice; a new Shopify order's units are kept only for a listing whose alignment read (after
 * sync-on) may count them (alignment-orders.ts). TikTok and eBay (ORDER_CONFIRMATION) order events name only the order: it is queued
 * for the connection's orders job, which fetches pending ones in batches (eBay's order poll stays
 * as the safety net).
 */
export interface WebhookPlan {
  /**
   * Listings to re-read (with the quantity a Shopify stock event reported, which can stand in for
   * the read: ADR 0027), and the order that explains the change if the event named one.
   */
  checks: {
    listings: CheckRequest[];
    orderId: string | null;
    /** The channel's own name of that order (Shopify "#1003"), recorded for the ledger. */
    orderName: string | null;
    /**
     * A new Shopify order (orders/create): when Shopify created it and where its stock was taken,
     * if it says. Its lines' units (CheckRequest.sold) are kept for a listing whose alignment read
     * may count them (alignment-orders.ts).
     */
    newOrder: { createdAt: Date; locationId: string | null } | null;
    connectionIds: string[];
  };
  /** Orders to fetch, for each of these connections. */
  orders: { orderId: string; connectionIds: string[] } | null;
}

/**
 * The plan for a sync event; 'echo' for a Shopify stock event reporting, for every item, exactly
 * what we know its listing holds or what we are pushing to it (our own push coming back, maybe
 * before its answer is recorded; or a repeat: nothing to learn, so nothing is written; a later
 * repeat that no longer matches is flagged like any other event).
 */
export async function planWebhook(
  db: Db,
  platform: Platform,
  event: ChannelWebhookEvent & { kind: SyncWebhookKind },
  connectionIds: readonly string[],
): Promise<WebhookPlan | 'echo'> {
  const order = event.kind === 'order';
  const plan: WebhookPlan = {
    checks: { listings: [], orderId: null, orderName: null, newOrder: null, connectionIds: [] },
    orders: null,
  };
  if (platform !== 'shopify' && order) {
    if (event.resourceId && connectionIds.length > 0)
      plan.orders = { orderId: event.resourceId, connectionIds: [...connectionIds] };
    return plan;
  }
  const repo = new IntakeRepository(db);
  if (order && event.resourceId) {
    plan.checks.orderId = event.resourceId;
    plan.checks.orderName = event.resourceName ?? null;
    if (event.orderCreatedAt)
      plan.checks.newOrder = {
        createdAt: new Date(event.orderCreatedAt),
        locationId: event.items.find((item) => item.ref.locationId)?.ref.locationId ?? null,
      };
  }
  let everyItemKnown = platform === 'shopify' && event.kind === 'inventory';
  for (const connectionId of connectionIds) {
    let flagged: CheckRequest[];
    if (platform === 'shopify' && event.kind === 'inventory') {
      const listings = await repo.listingsByInventoryItem(
        connectionId,
        event.items.flatMap((i) => (i.ref.inventoryItemId ? [i.ref.inventoryItemId] : [])),
      );
      const known = (item: ChannelWebhookEvent['items'][number], listing: (typeof listings)[0]) =>
        reportsOn(item, listing) &&
        item.available !== undefined &&
        (item.available === listing.channel_qty || listing.pushing_qty.includes(item.available));
      if (!event.items.every((item) => listings.some((listing) => known(item, listing))))
        everyItemKnown = false;
      flagged = listings.flatMap((listing) => {
        const items = event.items.filter((item) => reportsOn(item, listing));
        if (items.every((item) => known(item, listing))) return [];
        const item = items.length === 1 ? items[0]! : undefined;
        const report =
          item?.available !== undefined && item.updatedAt
            ? { quantity: item.available, at: new Date(item.updatedAt) }
            : null;
        return [{ listingId: listing.id, report }];
      });
    } else {
      const listings = await repo.listingsByVariantOrSku(
        connectionId,
        event.items.map((item) => ({
          ...(item.ref.externalVariantId ? { externalVariantId: item.ref.externalVariantId } : {}),
          ...(item.ref.sku ? { sku: item.ref.sku } : {}),
        })),
      );
      // The units a new order sold of each listing (its lines for one listing add up).
      const sold = new Map<string, number>();
      if (plan.checks.newOrder)
        for (const item of event.items) {
          const listing = listingOfLine(listings, item.ref);
          if (listing && (item.quantity ?? 0) > 0)
            sold.set(listing.id, (sold.get(listing.id) ?? 0) + item.quantity!);
        }
      flagged = listings.map((l) => ({ listingId: l.id, report: null, sold: sold.get(l.id) ?? 0 }));
    }
    if (flagged.length === 0) continue;
    plan.checks.listings.push(...flagged);
    plan.checks.connectionIds.push(connectionId);
  }
  if (everyItemKnown && connectionIds.length > 0 && event.items.length > 0) return 'echo';
  return plan;
}

/** A Shopify stock event's item is about this listing (its item, at its location if both say). */
function reportsOn(
  item: ChannelWebhookEvent['items'][number],
  listing: { external_inventory_item_id: string | null; external_location_id: string | null },
): boolean {
  return (
    item.ref.inventoryItemId === listing.external_inventory_item_id &&
    (!listing.external_location_id ||
      !item.ref.locationId ||
      item.ref.locationId === listing.external_location_id)
  );
}
