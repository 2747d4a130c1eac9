import type { InventoryChanges } from '../port/types';
import { quantityOf } from './catalogue';
import type { EbayRest } from './client';
import type { InventoryItems } from './types';

/** getInventoryItems' largest page (eBay documents limit 1 to 200). */
export const EBAY_ITEMS_PER_READ = 200;

/**
 * Every inventory item's quantity, 200 a call. eBay's Inventory API has no changed-since filter
 * and sends no stock webhook; this is its cheapest read that finds an edit made on eBay (one call
 * per 200 SKUs, against 25 for bulkGetInventoryItem). Sync keeps only what differs from what it
 * knows (docs/channels §2.8, docs/decisions/0054).
 */
export async function readEbayInventoryChanges(
  rest: EbayRest,
  token: string,
): Promise<InventoryChanges> {
  const levels: InventoryChanges['levels'] = [];
  for (let offset = 0; ; offset += EBAY_ITEMS_PER_READ) {
    const page = await rest.call<InventoryItems>(
      token,
      'GET',
      '/sell/inventory/v1/inventory_item',
      {
        query: { limit: EBAY_ITEMS_PER_READ, offset },
      },
    );
    const items = page.inventoryItems ?? [];
    for (const item of items)
      if (item.sku)
        levels.push({ sku: item.sku, externalVariantId: item.sku, available: quantityOf(item) });
    if (items.length === 0 || offset + items.length >= (page.total ?? 0)) break;
  }
  return { levels, until: null };
}
