import type { InventoryLevel, InventoryRef } from '@stocksync/channels';
import type { SyncListing } from './listings-repository';
import type { Session } from './session';

/** How an adapter names a listing's stock (item and location where the channel has them). */
export function refOf(listing: SyncListing): InventoryRef {
  return {
    externalVariantId: listing.external_variant_id,
    externalProductId: listing.external_product_id,
    ...(listing.external_inventory_item_id
      ? { inventoryItemId: listing.external_inventory_item_id }
      : {}),
    ...(listing.external_location_id ? { locationId: listing.external_location_id } : {}),
  };
}

/** The level a read answered for this listing (its item at its location), if any. */
export function levelFor(
  listing: SyncListing,
  levels: readonly InventoryLevel[],
): InventoryLevel | undefined {
  return levels.find(
    (level) =>
      ((listing.external_inventory_item_id !== null &&
        level.inventoryItemId === listing.external_inventory_item_id) ||
        level.externalVariantId === listing.external_variant_id) &&
      (!listing.external_location_id ||
        !level.locationId ||
        level.locationId === listing.external_location_id),
  );
}

/** The listing an order line sold: named by the channel's variant id, else by our SKU (any case). */
export function listingOfLine<L extends { external_variant_id: string; sku: string }>(
  listings: readonly L[],
  line: { externalVariantId?: string | undefined; sku?: string | undefined },
): L | undefined {
  const { externalVariantId: id, sku } = line;
  return (
    listings.find((l) => id && l.external_variant_id === id) ??
    listings.find((l) => sku && l.sku.toLowerCase() === sku.toLowerCase())
  );
}

/** What the channel holds, and since when by its own clock (null: it did not say). */
export interface Observation {
  available: number;
  at: Date | null;
}

/** A channel time is later than the one we know (none known: nothing can be said to be later). */
export const laterThan = (at: Date, known: Date | null): boolean =>
  known !== null && at.getTime() > known.getTime();

/**
 * What a listing's seen quantity (seen_qty, seen_at) is, by its channel (ADR 0047). With
 * compare-and-set (Shopify) it is a stock webhook's report, by the channel's clock: it stands in
 * for a read while newer than what we know (ADR 0027), and a stale one corrects itself by the next
 * push's compare-and-set. Without (eBay, TikTok Shop) it is a drift: a read that differed from
 * what we know, by our clock, trusted once it has settled, since an order not applied yet would
 * explain it too (ADR 0025); it is measured against channel_qty, so it goes whenever that moves.
 */
export type SeenKind = 'report' | 'drift';

export const seenKind = (session: Pick<Session, 'adapter'>): SeenKind =>
  session.adapter.capabilities.compareAndSet ? 'report' : 'drift';

/**
 * A report that can stand in for a read (seenKind 'report'): newer, by the channel's own time,
 * than what we know the listing holds (ADR 0027). Same second or older, or nothing known to
 * compare with: only a read can tell.
 */
export function usableReport(listing: SyncListing): (Observation & { at: Date }) | null {
  const { seen_qty: available, seen_at: at, channel_at: known } = listing;
  if (available === null || at === null || !laterThan(at, known)) return null;
  return { available, at };
}
