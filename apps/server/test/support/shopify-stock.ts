import { createHmac, randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { DEMO_SHOP } from './channels';
import type { SyncedOrg } from './synced-org';

/** A linked variant's Shopify inventory item and location, and its level as the emulator holds it. */
export async function shopifyStock(org: SyncedOrg, linked: { variantId: string; sku: string }) {
  const { variantId, sku } = linked;
  const row = await org.t.db.db
    .selectFrom('channel_listings')
    .select(['external_inventory_item_id', 'external_location_id'])
    .where('variant_id', '=', variantId)
    .where('connection_id', '=', org.pc.shopify)
    .executeTakeFirstOrThrow();
  const itemId = Number(row.external_inventory_item_id!.split('/').pop());
  const locationId = Number(row.external_location_id!.split('/').pop());
  /** The level as the emulator holds it now: what a webhook sent at this moment would say. */
  const level = () => {
    const held = org.ch.shopify.shop(DEMO_SHOP).items.get(itemId)!.levels.get(locationId)!;
    return { available: held.quantities.available, updatedAt: held.updatedAt };
  };
  return { variantId, sku, level, itemId, locationId };
}

export type ShopifyStock = Awaited<ReturnType<typeof shopifyStock>>;

/** inventory_levels/update as Shopify sends it, signed with the app's secret. */
export async function sendStockWebhook(
  org: SyncedOrg,
  variant: ShopifyStock,
  report: { available: number; updatedAt: number },
): Promise<void> {
  const body = JSON.stringify({
    inventory_item_id: variant.itemId,
    location_id: variant.locationId,
    available: report.available,
    updated_at: new Date(report.updatedAt).toISOString().replace(/\.\d{3}Z$/, 'Z'),
  });
  const secret = org.ch.shopify.settings.app.clientSecret;
  const answer = await fetch(`${org.base}/v1/webhooks/shopify`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-shopify-topic': 'inventory_levels/update',
      'x-shopify-shop-domain': DEMO_SHOP,
      'x-shopify-webhook-id': randomUUID(),
      'x-shopify-api-version': '2026-07',
      'x-shopify-hmac-sha256': createHmac('sha256', secret).update(body).digest('base64'),
    },
    body,
  });
  expect(answer.status).toBe(200);
}
