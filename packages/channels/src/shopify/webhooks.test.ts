import { describe, expect, it } from 'vitest';
import { parseShopifyWebhook } from './webhooks';

const order = {
  id: 450789469,
  name: '#1003',
  created_at: '2026-11-26T17:04:05-05:00',
  location_id: 655441491,
  line_items: [{ sku: 'SS-1', variant_id: 808950810, product_id: 632910392, quantity: 2 }],
};

const request = (topic: string) => ({
  headers: {
    'x-shopify-topic': topic,
    'x-shopify-webhook-id': `hook-${topic}`,
    'x-shopify-shop-domain': 'shop.myshopify.com',
  },
  rawBody: JSON.stringify(order),
});

describe('Shopify order webhooks', () => {
  it('a new order says when Shopify created it (UTC) and where its stock was taken', () => {
    const event = parseShopifyWebhook(request('orders/create'));
    expect(event).toMatchObject({
      kind: 'order',
      resourceId: 'gid://shopify/Order/450789469',
      resourceName: '#1003',
      orderCreatedAt: '2026-11-26T22:04:05.000Z',
    });
    expect(event.items).toEqual([
      {
        ref: {
          sku: 'SS-1',
          externalVariantId: 'gid://shopify/ProductVariant/808950810',
          externalProductId: 'gid://shopify/Product/632910392',
          locationId: 'gid://shopify/Location/655441491',
        },
        quantity: 2,
      },
    ]);
  });

  it('a cancelled order is no new sale: it has no creation time', () => {
    const event = parseShopifyWebhook(request('orders/cancelled'));
    expect(event.kind).toBe('order');
    expect(event.orderCreatedAt).toBeUndefined();
  });
});
