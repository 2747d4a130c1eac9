import { createHmac, randomUUID } from 'node:crypto';
import type { ShopifyWebhookDelivery } from '@stocksync/emulators';
import { expect } from 'vitest';
import { DEMO_SHOP } from './channels';
import type { SyncedOrg } from './synced-org';

/** A Shopify sale's webhooks, as the emulator made them. */
export interface UnheardSale {
  order: ShopifyWebhookDelivery;
  stock: ShopifyWebhookDelivery[];
}

/**
 * A Shopify sale whose webhooks are dropped: the store's stock moves, nothing reaches the app until
 * the test delivers them (deliver), in the order its case needs.
 */
export function sellUnheard(org: SyncedOrg, sku: string, quantity: number): UnheardSale {
  const { shopify } = org.ch;
  const before = shopify.deliveries().length;
  shopify.core.setFaults({ dropWebhookRate: 1 });
  try {
    shopify.simulateSale(DEMO_SHOP, { lines: [{ sku, quantity }] });
  } finally {
    shopify.core.setFaults({ dropWebhookRate: 0 });
  }
  const made = shopify.deliveries().slice(before);
  const order = made.find((d) => d.topic === 'orders/create');
  if (!order) throw new Error('the sale made no orders/create');
  return { order, stock: made.filter((d) => d.topic === 'inventory_levels/update') };
}

/**
 * Delivers a webhook as Shopify sends it, signed with the app's secret; `newId`: as another
 * delivery of the same event would come from a second subscription (a new webhook id).
 */
export async function deliver(
  org: SyncedOrg,
  delivery: ShopifyWebhookDelivery,
  options: { newId?: boolean } = {},
): Promise<void> {
  const secret = org.ch.shopify.settings.app.clientSecret;
  const id = options.newId ? randomUUID() : delivery.webhookId;
  const answer = await fetch(delivery.url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-shopify-topic': delivery.topic,
      'x-shopify-shop-domain': delivery.shop,
      'x-shopify-api-version': delivery.apiVersion,
      'x-shopify-webhook-id': id,
      'x-shopify-event-id': options.newId ? id : delivery.eventId,
      'x-shopify-triggered-at': delivery.triggeredAt,
      'x-shopify-hmac-sha256': createHmac('sha256', secret).update(delivery.body).digest('base64'),
    },
    body: delivery.body,
  });
  expect(answer.status).toBe(200);
}

/** Waits for the next whole second: Shopify's times have no finer resolution. */
export async function nextSecond(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 1_000 - (Date.now() % 1_000) + 20));
}
