import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseOrderFilter } from './fulfillment';
import { createEbayEmulator, EBAY_SCOPES, type EbayEmulator } from './index';
import type { InventoryItemWithSkuLocaleGroupid, OrderSearchPagedCollection } from './types';

const T0 = Date.parse('2026-03-10T12:00:00.000Z');
let ebay: EbayEmulator;
let base: string;
let auth: string;

beforeAll(async () => {
  // Long-lived access token: these tests move the clock by hours and days.
  ebay = createEbayEmulator({
    catalogue: { products: 10, seed: 3 },
    now: () => T0,
    accessTokenTtlSeconds: 365 * 86_400,
  });
  base = await ebay.listen();
  const { code } = ebay.authorize({ scopes: [...EBAY_SCOPES] });
  const res = await fetch(`${base}/identity/v1/oauth2/token`, {
    method: 'POST',
    headers: {
      authorization: `Basic ${Buffer.from(`${ebay.settings.clientId}:${ebay.settings.clientSecret}`).toString('base64')}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: ebay.settings.ruName,
    }).toString(),
  });
  auth = `Bearer ${((await res.json()) as { access_token: string }).access_token}`;
});
afterAll(() => ebay.close());

const getOrders = async (query: string) => {
  const res = await fetch(`${base}/sell/fulfillment/v1/order${query}`, {
    headers: { authorization: auth },
  });
  return {
    status: res.status,
    body: (await res.json()) as OrderSearchPagedCollection & {
      errors?: Array<{ errorId: number }>;
    },
  };
};

const inStock = () =>
  Object.entries(ebay.quantities())
    .filter(([, q]) => q >= 3)
    .map(([sku]) => sku);

describe('eBay simulated sales and getOrders', () => {
  it('a sale creates an order visible to getOrders and lowers the inventory quantity', async () => {
    const sku = inStock()[0] ?? '';
    const before = ebay.quantities()[sku] ?? 0;
    const offerBefore = ebay.store.offersOf(sku)[0]?.availableQuantity ?? 0;
    const order = ebay.simulateSale({ sku, quantity: 2, buyerUsername: 'buyer_a' });
    expect(order.lineItems?.[0]).toMatchObject({
      sku,
      quantity: 2,
      lineItemFulfillmentStatus: 'NOT_STARTED',
    });

    const item = (await (
      await fetch(`${base}/sell/inventory/v1/inventory_item/${encodeURIComponent(sku)}`, {
        headers: { authorization: auth },
      })
    ).json()) as InventoryItemWithSkuLocaleGroupid;
    expect(item.availability?.shipToLocationAvailability?.quantity).toBe(before - 2);
    expect(ebay.store.offersOf(sku)[0]?.availableQuantity).toBe(offerBefore - 2);

    const { status, body } = await getOrders('');
    expect(status).toBe(200);
    expect(body.total).toBe(1);
    expect(body.orders?.[0]).toMatchObject({
      orderId: order.orderId,
      orderFulfillmentStatus: 'NOT_STARTED',
      orderPaymentStatus: 'PAID',
      buyer: { username: 'buyer_a' },
      creationDate: '2026-03-10T12:00:00.000Z',
    });
    const single = await fetch(`${base}/sell/fulfillment/v1/order/${order.orderId}`, {
      headers: { authorization: auth },
    });
    expect(single.status).toBe(200);
    expect(
      (
        await fetch(`${base}/sell/fulfillment/v1/order/00-00000-00000`, {
          headers: { authorization: auth },
        })
      ).status,
    ).toBe(404);

    expect(() => ebay.simulateSale({ sku, quantity: 10_000 })).toThrow(/available/);
  });

  it('filters by creationdate, lastmodifieddate and orderfulfillmentstatus, pages with limit/offset', async () => {
    const skus = inStock();
    ebay.clock.advance(3_600_000); // 13:00
    const a = ebay.simulateSale({ sku: skus[1] ?? '' });
    ebay.clock.advance(3_600_000); // 14:00
    const b = ebay.simulateSale({ sku: skus[2] ?? '' });
    ebay.clock.advance(3_600_000); // 15:00
    ebay.store.updateOrder(a.orderId ?? '', 'FULFILLED');

    const created = await getOrders(
      `?filter=${encodeURIComponent('creationdate:[2026-03-10T12:30:00.000Z..2026-03-10T14:30:00.000Z]')}`,
    );
    expect(created.body.orders?.map((o) => o.orderId)).toEqual([a.orderId, b.orderId]);

    const modified = await getOrders(
      `?filter=${encodeURIComponent('lastmodifieddate:[2026-03-10T14:30:00.000Z..]')}`,
    );
    expect(modified.body.orders?.map((o) => o.orderId)).toEqual([a.orderId]);

    const open = await getOrders(
      `?filter=${encodeURIComponent('orderfulfillmentstatus:{NOT_STARTED|IN_PROGRESS}')}`,
    );
    expect(open.body.total).toBe(2);
    expect(open.body.orders?.some((o) => o.orderId === a.orderId)).toBe(false);

    const combined = await getOrders(
      `?filter=${encodeURIComponent('creationdate:[2026-03-10T12:30:00.000Z..],orderfulfillmentstatus:{NOT_STARTED|IN_PROGRESS}')}`,
    );
    expect(combined.body.orders?.map((o) => o.orderId)).toEqual([b.orderId]);

    const page1 = await getOrders('?limit=2&offset=0');
    expect(page1.body).toMatchObject({ total: 3, limit: 2, offset: 0 });
    expect(page1.body.orders).toHaveLength(2);
    expect(page1.body.next).toContain('offset=2');
    const page2 = await getOrders('?limit=2&offset=2');
    expect(page2.body.orders).toHaveLength(1);
    expect(page2.body.next).toBeUndefined();

    const byIds = await getOrders(
      `?orderIds=${b.orderId},${a.orderId}&filter=${encodeURIComponent('orderfulfillmentstatus:{FULFILLED}')}`,
    );
    expect(byIds.body.orders?.map((o) => o.orderId)).toEqual([b.orderId, a.orderId]);

    const bad = await getOrders(`?filter=${encodeURIComponent('creationdate:2026-01-01')}`);
    expect(bad.status).toBe(400);
    const tooManyIds = await getOrders(
      `?orderIds=${Array.from({ length: 51 }, (_, i) => `1-${i}`).join(',')}`,
    );
    expect(tooManyIds.status).toBe(400);
    expect((await getOrders('?limit=201')).status).toBe(400);
  });

  it('without a creation filter only the last 90 days are returned', async () => {
    ebay.clock.advance(91 * 86_400_000);
    try {
      expect((await getOrders('')).body.total).toBe(0);
      expect(
        (
          await getOrders(
            `?filter=${encodeURIComponent('creationdate:[2026-01-01T00:00:00.000Z..]')}`,
          )
        ).body.total,
      ).toBe(3);
    } finally {
      ebay.clock.reset();
    }
  });

  it('parses filters strictly', () => {
    expect(parseOrderFilter('orderfulfillmentstatus:{SHIPPED}')).toBeTypeOf('string');
    expect(parseOrderFilter('foo:[1..2]')).toBeTypeOf('string');
    expect(parseOrderFilter('creationdate:[..2026-01-01T00:00:00.000Z]')).toEqual({
      creation: { to: Date.parse('2026-01-01T00:00:00.000Z') },
    });
  });
});
