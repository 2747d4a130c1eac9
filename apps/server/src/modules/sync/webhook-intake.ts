import type { ChannelWebhookEvent } from '@stocksync/channels';
import type { Db } from '../../db/client';
import type { Platform } from '../../db/types';
import { SyncRepository } from './repository';
import type { Wakeups } from './wakeups';

/**
 * What a verified, first-seen channel webhook means for sync, decided inside the transaction that
 * records it (so nothing is lost between the two). Shopify stock and order events and TikTok stock
 * edits flag the listings for a re-read by the connection's job: the read, not the payload, is the
 * truth, so late, repeated or out-of-order deliveries cannot count a change twice. A Shopify stock
 * event that reports what we already know is our own push coming back and is ignored.
 * TikTok and eBay order events name only the order: it is queued for the connection's orders job,
 * which fetches pending orders in batches. Answers false for events handled elsewhere.
 */
export async function takeWebhook(
  trx: Db,
  platform: Platform,
  event: ChannelWebhookEvent,
  connectionIds: readonly string[],
  now: Date,
  wakeups: Wakeups,
): Promise<boolean> {
  const handled =
    (platform === 'shopify' && (event.kind === 'inventory' || event.kind === 'order')) ||
    (platform === 'tiktok' && (event.kind === 'inventory' || event.kind === 'order')) ||
    (platform === 'ebay' && event.kind === 'order');
  if (!handled) return false;
  const repo = new SyncRepository(trx);
  if ((platform === 'tiktok' || platform === 'ebay') && event.kind === 'order') {
    // TikTok and eBay (ORDER_CONFIRMATION) name only the order: the connection's orders job
    // fetches pending ones in batches (eBay's order poll stays as the safety net).
    if (!event.resourceId) return true;
    for (const connectionId of connectionIds) {
      await repo.addPendingOrders(connectionId, [event.resourceId], now);
      wakeups.add('sync_orders', connectionId);
    }
    return true;
  }
  for (const connectionId of connectionIds) {
    let flagged: string[];
    let reason: string | null = null;
    if (platform === 'shopify' && event.kind === 'inventory') {
      const itemIds = event.items.flatMap((i) =>
        i.ref.inventoryItemId ? [i.ref.inventoryItemId] : [],
      );
      const listings = await repo.listingsByInventoryItem(connectionId, itemIds);
      flagged = listings
        .filter((listing) =>
          event.items.some(
            (item) =>
              reportsOn(item, listing) &&
              // Our echo (or a repeat of what we already know): nothing to learn.
              !(item.available !== undefined && item.available === listing.channel_qty),
          ),
        )
        .map((l) => l.id);
    } else {
      const listings = await repo.listingsByVariantOrSku(
        connectionId,
        event.items.map((item) => ({
          ...(item.ref.externalVariantId ? { externalVariantId: item.ref.externalVariantId } : {}),
          ...(item.ref.sku ? { sku: item.ref.sku } : {}),
        })),
      );
      flagged = listings.map((l) => l.id);
      if (event.kind === 'order' && event.resourceId) reason = `order:${event.resourceId}`;
    }
    if (flagged.length === 0) continue;
    await repo.requestChecks(flagged, reason);
    wakeups.add('sync_connection', connectionId);
  }
  return true;
}

/**
 * A Shopify stock event reporting, for every item, exactly what we know its listing holds: our own
 * push coming back (or a repeat). Nothing to learn, so the webhook needs no write transaction at
 * all; a later repeat that no longer matches is flagged for a read like any other event.
 */
export async function isEcho(
  db: Db,
  platform: Platform,
  event: ChannelWebhookEvent,
  connectionIds: readonly string[],
): Promise<boolean> {
  if (platform !== 'shopify' || event.kind !== 'inventory' || connectionIds.length === 0)
    return false;
  const items = event.items;
  if (items.length === 0 || items.some((i) => !i.ref.inventoryItemId || i.available === undefined))
    return false;
  const repo = new SyncRepository(db);
  for (const connectionId of connectionIds) {
    const listings = await repo.listingsByInventoryItem(
      connectionId,
      items.map((i) => i.ref.inventoryItemId!),
    );
    const known = items.every((item) =>
      listings.some(
        (listing) => reportsOn(item, listing) && listing.channel_qty === item.available,
      ),
    );
    if (!known) return false;
  }
  return true;
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
