import { ValidationError } from '../port/errors';
import type { InventoryChanges } from '../port/types';
import { quantityOf } from './catalogue';
import type { EbayRest } from './client';
import type { InventoryItems } from './types';

/** getInventoryItems' largest page (eBay documents limit 1 to 200). */
export const EBAY_ITEMS_PER_READ = 200;

/**
 * One page of every inventory item's quantity, 200 a call, from offset `after`. eBay's Inventory
 * API has no changed-since filter and sends no stock webhook; this is its cheapest read that finds
 * an edit made on eBay (one call per 200 SKUs, against 25 for bulkGetInventoryItem). Sync keeps
 * only what differs from what it knows, and reads the next page (`next`, the offset) in a later
 * run so the account's pushes are not held up behind a large catalogue (docs/channels §2.8,
 * docs/decisions/0054).
 */
export async function readEbayInventoryChanges(
  rest: EbayRest,
  token: string,
  after: string | null,
): Promise<InventoryChanges> {
  const offset = after === null ? 0 : Number(after);
  if (!Number.isSafeInteger(offset) || offset < 0)
    throw new ValidationError(`Not an eBay inventory offset: ${after}`);
  const page = await rest.call<InventoryItems>(token, 'GET', '/sell/inventory/v1/inventory_item', {
    query: { limit: EBAY_ITEMS_PER_READ, offset },
  });
  const items = page.inventoryItems ?? [];
  const levels = items.flatMap((item) =>
    item.sku ? [{ sku: item.sku, externalVariantId: item.sku, available: quantityOf(item) }] : [],
  );
  const end = offset + items.length;
  const next = items.length > 0 && end < (page.total ?? 0) ? String(end) : null;
  return { levels, until: null, next, cost: 0 };
}
