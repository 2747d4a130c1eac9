import type { InventoryLevel, InventoryRef } from '@stocksync/channels';
import type { SyncListing } from './repository';

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

/** What the channel should hold: the master, never below zero (an oversold master stays visible). */
export const targetOf = (listing: SyncListing) => Math.max(0, listing.master_qty);
