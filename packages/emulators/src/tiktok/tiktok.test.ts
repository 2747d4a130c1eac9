import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTiktokEmulator,
  signInput,
  signRequest,
  webhookSignature,
  type TiktokEmulator,
} from './index';
import { client } from './test-client';
import { startReceiver } from '../core/test-receiver';
import type { Order, Product, SearchProductsData, TokenData } from './types';

describe('docs/channels §7 test vectors', () => {
  const query = {
    app_key: 'abc123',
    timestamp: '1700000000',
    shop_cipher: 'ROW_x',
    page_size: '20',
  };
  it('TikTok request sign', () => {
    expect(
      signInput('test_secret', '/product/202309/products/search', query, '{"status":"ACTIVATE"}'),
    ).toBe(
      'test_secret/product/202309/products/searchapp_keyabc123page_size20shop_cipherROW_xtimestamp1700000000{"status":"ACTIVATE"}test_secret',
    );
    expect(
      signRequest(
        'test_secret',
        '/product/202309/products/search',
        { ...query, sign: 'x', access_token: 'y' },
        '{"status":"ACTIVATE"}',
      ),
    ).toBe('40d3247ee3c0b96f74e12b4df67aa060a9df87709cd1aa85585422af9bfe3281');
  });
  it('TikTok webhook Authorization', () => {
    expect(
      webhookSignature(
        'abc123',
        'test_secret',
        '{"type":1,"shop_id":"1","timestamp":1700000000,"data":{"order_id":"9"}}',
      ),
    ).toBe('1cc7b6be1d276336904e78aed499d9a13ec1af5fe58601e95156ab86bef17abc');
  });
});

let tiktok: TiktokEmulator;
let base: string;
let accessToken = '';
let call: ReturnType<typeof client>;

/** [seller_sku, quantity] of SKUs stocked in the default warehouse only (products after the first). */
const untouched = () => {
  const first = tiktok.store.products.get(tiktok.store.productOrder[0] ?? '');
  const skip = new Set(first?.skus.map((s) => s.seller_sku));
  return Object.entries(tiktok.quantities()).filter(([s]) => s.startsWith('SS-') && !skip.has(s));
};

beforeAll(async () => {
  tiktok = createTiktokEmulator({ catalogue: { products: 23, seed: 5 } });
  base = await tiktok.listen();
  call = client(tiktok, base, () => accessToken);
});
afterAll(() => tiktok.close());

const tokenGet = async (params: Record<string, string>) => {
  const res = await fetch(`${base}/api/v2/token/get?${new URLSearchParams(params).toString()}`);
  return (await res.json()) as {
    code: number;
    message: string;
    request_id: string;
    data: TokenData | null;
  };
};
const tokenRefresh = async (refreshToken: string) => {
  const { appKey, appSecret } = tiktok.settings;
  const res = await fetch(
    `${base}/api/v2/token/refresh?${new URLSearchParams({ app_key: appKey, app_secret: appSecret, refresh_token: refreshToken, grant_type: 'refresh_token' }).toString()}`,
  );
  return (await res.json()) as { code: number; data: TokenData | null };
};

describe('TikTok Shop authorization over HTTP', () => {
  it('authorize page → Authorize → redirect with code and state → token/get → shops', async () => {
    const { appKey, appSecret } = tiktok.settings;
    const pageRes = await fetch(`${base}/oauth/authorize?app_key=${appKey}&state=xyz`);
    expect(pageRes.status).toBe(200);
    expect(await pageRes.text()).toContain('id="authorize"');
    const res = await fetch(`${base}/oauth/authorize`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        app_key: appKey,
        state: 'xyz',
        decision: 'authorize',
      }).toString(),
    });
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get('location') ?? '');
    expect(`${location.origin}${location.pathname}`).toBe(
      'http://localhost:3000/auth/tiktok/callback',
    );
    expect(location.searchParams.get('state')).toBe('xyz');
    const code = location.searchParams.get('code') ?? '';

    const now = Math.floor(Date.now() / 1000);
    const got = await tokenGet({
      app_key: appKey,
      app_secret: appSecret,
      auth_code: code,
      grant_type: 'authorized_code',
    });
    expect(got.code).toBe(0);
    expect(got.request_id).toMatch(/^\d{14}[0-9A-F]+$/);
    expect(got.data).toMatchObject({
      open_id: '7010736057180325637',
      seller_base_region: 'GB',
      user_type: 0,
    });
    // Absolute Unix timestamps, not durations.
    expect(got.data?.access_token_expire_in).toBeGreaterThanOrEqual(now + 7 * 86400 - 5);
    expect(got.data?.refresh_token_expire_in).toBeGreaterThan(
      got.data?.access_token_expire_in ?? 0,
    );
    accessToken = got.data?.access_token ?? '';

    const reused = await tokenGet({
      app_key: appKey,
      app_secret: appSecret,
      auth_code: code,
      grant_type: 'authorized_code',
    });
    expect(reused.code).toBe(36004004);
    expect(reused.data).toBeNull();

    const shops = await call<{ shops: Array<{ id: string; cipher: string; seller_type: string }> }>(
      'GET',
      '/authorization/202309/shops',
      { shop: false },
    );
    expect(shops.body.code).toBe(0);
    expect(shops.body.data.shops[0]).toMatchObject({
      id: tiktok.settings.shop.id,
      cipher: tiktok.settings.shop.cipher,
      seller_type: 'LOCAL',
    });
  });

  it('the service_id authorization URL works too; cancel redirects with an error', async () => {
    const pageRes = await fetch(
      `${base}/open/authorize?service_id=${tiktok.settings.serviceId}&state=s`,
    );
    expect(pageRes.status).toBe(200);
    const res = await fetch(`${base}/open/authorize`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        service_id: tiktok.settings.serviceId,
        state: 's',
        decision: 'cancel',
      }).toString(),
    });
    const location = new URL(res.headers.get('location') ?? '');
    expect(location.searchParams.get('code')).toBeNull();
    expect(location.searchParams.get('error')).toBe('access_denied');
    expect((await fetch(`${base}/oauth/authorize?app_key=wrong&state=s`)).status).toBe(400);
  });

  it('token/get also accepts the fields as a POSTed JSON body', async () => {
    const { appKey, appSecret } = tiktok.settings;
    const res = await fetch(`${base}/api/v2/token/get`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        app_key: appKey,
        app_secret: appSecret,
        auth_code: tiktok.authorize().code,
        grant_type: 'authorized_code',
      }),
    });
    const body = (await res.json()) as { code: number; data: TokenData };
    expect(body.code).toBe(0);
    expect(tiktok.tokens.check(body.data.access_token)).toBe('valid');
  });

  it('rejects a wrong app_secret, an invalid or expired code', async () => {
    const { appKey, appSecret } = tiktok.settings;
    const { code } = tiktok.authorize();
    expect(
      (
        await tokenGet({
          app_key: appKey,
          app_secret: 'nope',
          auth_code: code,
          grant_type: 'authorized_code',
        })
      ).code,
    ).toBe(36004001);
    expect(
      (
        await tokenGet({
          app_key: appKey,
          app_secret: appSecret,
          auth_code: 'bogus',
          grant_type: 'authorized_code',
        })
      ).code,
    ).toBe(36004004);
    tiktok.clock.advance(601_000);
    try {
      expect(
        (
          await tokenGet({
            app_key: appKey,
            app_secret: appSecret,
            auth_code: code,
            grant_type: 'authorized_code',
          })
        ).code,
      ).toBe(36004004);
    } finally {
      tiktok.clock.reset();
    }
  });

  it('refresh gives new tokens; an expired access token is rejected; an expired refresh token cannot refresh', async () => {
    const { appKey, appSecret } = tiktok.settings;
    const first = (
      await tokenGet({
        app_key: appKey,
        app_secret: appSecret,
        auth_code: tiktok.authorize().code,
        grant_type: 'authorized_code',
      })
    ).data;
    const refreshed = await tokenRefresh(first?.refresh_token ?? '');
    expect(refreshed.code).toBe(0);
    expect(refreshed.data?.access_token).not.toBe(first?.access_token);
    expect(refreshed.data?.refresh_token).not.toBe(first?.refresh_token);

    const saved = accessToken;
    accessToken = first?.access_token ?? '';
    tiktok.clock.advance(7 * 86_400_000 + 1000);
    try {
      const expired = await call('GET', '/authorization/202309/shops', { shop: false });
      expect(expired.status).toBe(401);
      expect(expired.body.code).toBe(105002);
      accessToken = 'ROW_unknown';
      expect((await call('GET', '/authorization/202309/shops', { shop: false })).body.code).toBe(
        105001,
      );
      tiktok.clock.advance(365 * 86_400_000);
      expect((await tokenRefresh(first?.refresh_token ?? '')).code).toBe(36004005);
    } finally {
      tiktok.clock.reset();
      accessToken = saved;
    }
  });
});

describe('TikTok Shop request signing', () => {
  it('good sign → data; bad, missing or stale → the real rejection', async () => {
    const good = await call<SearchProductsData>('POST', '/product/202309/products/search', {
      query: { page_size: '5' },
      body: { status: 'ACTIVATE' },
    });
    expect(good.status).toBe(200);
    expect(good.body.code).toBe(0);

    const badSign = await call('POST', '/product/202309/products/search', {
      query: { page_size: '5' },
      body: {},
      tamper: (u) => u.searchParams.set('sign', 'deadbeef'.repeat(8)),
    });
    expect(badSign.status).toBe(401);
    expect(badSign.body.code).toBe(106001);
    expect(badSign.body.data).toBeNull();

    const bodyChanged = await call('POST', '/product/202309/products/search', {
      query: { page_size: '5' },
      body: { status: 'ACTIVATE' },
      rawBody: '{"status":"DRAFT"}',
    });
    expect(bodyChanged.body.code).toBe(106001);
    const queryChanged = await call('POST', '/product/202309/products/search', {
      query: { page_size: '5' },
      body: {},
      tamper: (u) => u.searchParams.set('page_size', '6'),
    });
    expect(queryChanged.body.code).toBe(106001);
    const missing = await call('POST', '/product/202309/products/search', {
      query: { page_size: '5' },
      body: {},
      tamper: (u) => u.searchParams.delete('sign'),
    });
    expect(missing.body.code).toBe(106001);

    // access_token in the query is excluded from the signature (v1 habit) and changes nothing.
    const extra = await call('POST', '/product/202309/products/search', {
      query: { page_size: '5' },
      body: {},
      tamper: (u) => u.searchParams.set('access_token', 'x'),
    });
    expect(extra.body.code).toBe(0);

    const stale = await call('GET', '/authorization/202309/shops', {
      shop: false,
      query: { timestamp: String(tiktok.clock.nowSeconds() - 301) },
    });
    expect(stale.body.code).toBe(106003);
    const wrongShop = await call('GET', '/logistics/202309/warehouses', {
      query: { shop_cipher: 'ROW_other' },
    });
    expect(wrongShop.body.code).toBe(106011);
  });
});

describe('TikTok Shop products and inventory', () => {
  it('search pages with page_size/page_token over every product exactly once', async () => {
    const ids: string[] = [];
    let token = '';
    let pages = 0;
    do {
      const res = await call<SearchProductsData>('POST', '/product/202309/products/search', {
        query: token ? { page_size: '7', page_token: token } : { page_size: '7' },
        body: {},
      });
      expect(res.body.code).toBe(0);
      expect(res.body.data.total_count).toBe(23);
      ids.push(...res.body.data.products.map((p) => p.id));
      token = res.body.data.next_page_token;
      pages++;
    } while (token);
    expect(pages).toBe(4);
    expect(new Set(ids).size).toBe(23);

    const sku = Object.keys(tiktok.quantities()).find((s) => s.startsWith('SS-')) ?? '';
    const bySku = await call<SearchProductsData>('POST', '/product/202309/products/search', {
      query: { page_size: '10' },
      body: { seller_skus: [sku] },
    });
    expect(bySku.body.data.total_count).toBe(1);
    expect(bySku.body.data.products[0]?.skus.some((s) => s.seller_sku === sku)).toBe(true);

    expect(
      (
        await call('POST', '/product/202309/products/search', {
          query: { page_size: '101' },
          body: {},
        })
      ).body.code,
    ).toBe(36009004);
    expect(
      (
        await call('POST', '/product/202309/products/search', {
          query: { page_size: '5', page_token: 'garbage' },
          body: {},
        })
      ).body.code,
    ).toBe(36009004);
  });

  it('detail has SKUs with per-warehouse inventory; inventory update sets absolute quantities per warehouse', async () => {
    const productId = tiktok.store.productOrder[0] ?? '';
    const detail = await call<Product>('GET', `/product/202309/products/${productId}`);
    expect(detail.body.code).toBe(0);
    const sku = detail.body.data.skus[0];
    expect(sku?.inventory[0]?.warehouse_id).toBe('7068517275539719942');
    expect(sku?.price.currency).toBe('GBP');

    const [main, overflow, returns] = tiktok.settings.warehouses;
    const update = await call('POST', `/product/202309/products/${productId}/inventory/update`, {
      body: {
        skus: [
          {
            id: sku?.id,
            inventory: [
              { warehouse_id: main?.id, quantity: 10 },
              { warehouse_id: overflow?.id, quantity: 4 },
            ],
          },
        ],
      },
    });
    expect(update.body).toMatchObject({ code: 0, data: {} });
    const after = await call<Product>('GET', `/product/202309/products/${productId}`);
    expect(after.body.data.skus[0]?.inventory).toEqual([
      { warehouse_id: main?.id, quantity: 10 },
      { warehouse_id: overflow?.id, quantity: 4 },
    ]);
    expect(tiktok.quantities()[sku?.seller_sku || `id:${sku?.id}`]).toBe(14);

    const otherProduct = tiktok.store.products.get(tiktok.store.productOrder[1] ?? '');
    const foreign = await call('POST', `/product/202309/products/${productId}/inventory/update`, {
      body: {
        skus: [
          { id: otherProduct?.skus[0]?.id, inventory: [{ warehouse_id: main?.id, quantity: 1 }] },
        ],
      },
    });
    expect(foreign.body.code).toBe(12052217);
    const returnWarehouse = await call(
      'POST',
      `/product/202309/products/${productId}/inventory/update`,
      {
        body: { skus: [{ id: sku?.id, inventory: [{ warehouse_id: returns?.id, quantity: 1 }] }] },
      },
    );
    expect(returnWarehouse.body.code).toBe(12052219);
    expect(tiktok.quantities()[sku?.seller_sku || `id:${sku?.id}`]).toBe(14);
    expect((await call('GET', '/product/202309/products/1')).body.code).toBe(12052048);

    const warehouses = await call<{
      warehouses: Array<{ id: string; type: string; is_default: boolean }>;
    }>('GET', '/logistics/202309/warehouses');
    expect(warehouses.body.data.warehouses.map((w) => w.type)).toEqual([
      'SALES_WAREHOUSE',
      'SALES_WAREHOUSE',
      'RETURN_WAREHOUSE',
    ]);
  });
});

describe('TikTok Shop webhooks, sales and stock edits', () => {
  it('a sale drops stock and POSTs a signed ORDER_STATUS_CHANGE; a stock edit POSTs PRODUCT_INFORMATION_CHANGE', async () => {
    const receiver = await startReceiver();
    try {
      const put = await call('PUT', '/event/202309/webhooks', {
        body: { address: `${receiver.url}/orders`, event_type: 'ORDER_STATUS_CHANGE' },
      });
      expect(put.body.code).toBe(0);
      tiktok.settings.webhookUrl = `${receiver.url}/default`;

      const [sellerSku, before] = untouched().find(([, q]) => q >= 2) ?? ['', 0];
      const order = tiktok.simulateSale({ sellerSku, quantity: 2 });
      expect(tiktok.quantities()[sellerSku]).toBe(before - 2);
      expect(order.line_items).toHaveLength(2);
      tiktok.setQuantity({ sellerSku, quantity: 33 });
      expect(tiktok.quantities()[sellerSku]).toBe(33);
      await tiktok.core.webhooks.idle();

      expect(receiver.received.map((r) => r.url)).toEqual(['/orders', '/default']);
      for (const hook of receiver.received) {
        const expected = createHmac('sha256', tiktok.settings.appSecret)
          .update(tiktok.settings.appKey + hook.body)
          .digest('hex');
        expect(hook.headers.authorization).toBe(expected);
      }
      const orderHook = JSON.parse(receiver.received[0]?.body ?? '{}') as {
        type: number;
        shop_id: string;
        data: { order_id: string; order_status: string };
      };
      expect(orderHook).toMatchObject({
        type: 1,
        shop_id: tiktok.settings.shop.id,
        data: { order_id: order.id, order_status: 'AWAITING_SHIPMENT' },
      });
      const stockHook = JSON.parse(receiver.received[1]?.body ?? '{}') as {
        type: number;
        data: { seller_sku: string };
      };
      expect(stockHook).toMatchObject({ type: 15, data: { seller_sku: sellerSku } });

      const fetched = await call<{ orders: Order[] }>('GET', '/order/202309/orders', {
        query: { ids: order.id },
      });
      expect(fetched.body.data.orders[0]).toMatchObject({
        id: order.id,
        status: 'AWAITING_SHIPMENT',
      });
      const searched = await call<{ orders: Order[]; total_count: number }>(
        'POST',
        '/order/202309/orders/search',
        {
          query: { page_size: '10' },
          body: { order_status: 'AWAITING_SHIPMENT' },
        },
      );
      expect(searched.body.data.orders.some((o) => o.id === order.id)).toBe(true);

      const list = await call<{ webhooks: Array<{ event_type: string; address: string }> }>(
        'GET',
        '/event/202309/webhooks',
      );
      expect(list.body.data.webhooks).toEqual([
        expect.objectContaining({
          event_type: 'ORDER_STATUS_CHANGE',
          address: `${receiver.url}/orders`,
        }),
      ]);
      expect(
        (
          await call('DELETE', '/event/202309/webhooks', {
            body: { event_type: 'ORDER_STATUS_CHANGE' },
          })
        ).body.code,
      ).toBe(0);
      expect(
        (await call<{ total_count: number }>('GET', '/event/202309/webhooks')).body.data
          .total_count,
      ).toBe(0);
    } finally {
      tiktok.store.webhookAddresses.clear();
      tiktok.settings.webhookUrl = undefined;
      await receiver.close();
    }
  });
});

describe('TikTok Shop faults and limits', () => {
  it('injected 429 and 5xx come back in the envelope', async () => {
    tiktok.core.setFaults({ rateLimitRate: 1 });
    try {
      const limited = await call('GET', '/authorization/202309/shops', { shop: false });
      expect(limited.status).toBe(429);
      expect(limited.body).toMatchObject({ code: 36009003, data: null });
      tiktok.core.setFaults({ rateLimitRate: 0, serverErrorRate: 1 });
      const failed = await call('GET', '/authorization/202309/shops', { shop: false });
      expect(failed.status).toBe(500);
      expect(failed.body.code).toBe(36009001);
      expect(typeof failed.body.request_id).toBe('string');
    } finally {
      tiktok.core.setFaults({ rateLimitRate: 0, serverErrorRate: 0 });
    }
  });

  it('throttles above the per-shop QPS limit', async () => {
    tiktok.settings.qpsLimit = 3;
    try {
      const results = await Promise.all(
        Array.from({ length: 10 }, () => call('GET', '/logistics/202309/warehouses')),
      );
      const okCount = results.filter((r) => r.body.code === 0).length;
      // At most 3 per one-second window; 10 quick calls span at most two windows.
      expect(okCount).toBeLessThanOrEqual(6);
      expect(results.some((r) => r.status === 429 && r.body.code === 36009003)).toBe(true);
    } finally {
      tiktok.settings.qpsLimit = 50;
    }
  });

  it('control interface over HTTP: sale, stock, state, reset', async () => {
    const post = (path: string, body: unknown) =>
      fetch(`${base}/_emulator${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const twin = createTiktokEmulator({ catalogue: { products: 23, seed: 5 } });
    const initial = twin.quantities();
    expect(twin.seed()).toEqual({ products: 0, skus: 0 }); // re-seeding skips products it already has
    void twin.close();
    const [sellerSku] = untouched().find(([, q]) => q > 0) ?? [''];
    expect((await post('/stock', { sellerSku, quantity: 9 })).status).toBe(200);
    expect((await post('/sale', { sellerSku, quantity: 1 })).status).toBe(200);
    const state = (await (await fetch(`${base}/_emulator/state`)).json()) as {
      quantities: Record<string, number>;
    };
    expect(state.quantities[sellerSku]).toBe(8);
    expect((await post('/sale', { sellerSku: 'NOPE' })).status).toBe(400);
    expect((await post('/reset', {})).status).toBe(200);
    expect(tiktok.quantities()).toEqual(initial);
    expect(tiktok.store.orders).toHaveLength(0);

    tiktok.core.setFaults({ serverErrorRate: 1 });
    tiktok.reset();
    expect(tiktok.core.faults().serverErrorRate).toBe(0);
    const unknown = await fetch(`${base}/product/202309/nothing`);
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { code: number }).code).toBe(36009002);
  });
});
