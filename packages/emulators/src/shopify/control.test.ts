import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShopifyEmulator, type ShopifyEmulator } from './index';

const SHOP = 'control-store.myshopify.com';
let emulator: ShopifyEmulator;
let base: string;

const post = async (path: string, body: unknown) => {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};
const get = async (path: string) =>
  (await (await fetch(`${base}${path}`)).json()) as Record<string, unknown>;

beforeAll(async () => {
  emulator = createShopifyEmulator({ rateLimiting: false, bulkStartDelayMs: 1, bulkRunMs: 1 });
  base = await emulator.listen();
});
afterAll(async () => {
  await emulator.close();
});

describe('control interface (/_emulator)', () => {
  it('seeds deterministically with some SKUs missing and stock at one or two locations', async () => {
    const seeded = await post('/_emulator/seed', {
      shop: SHOP,
      products: 200,
      seed: 9,
      locations: 2,
      skuPrefix: 'CT',
    });
    expect(seeded.status).toBe(200);
    expect(seeded.body).toMatchObject({ shop: SHOP, products: 200 });
    const state = await get(`/_emulator/state?shop=${SHOP}`);
    const variants = state.variants as Array<{ sku: string; levels: unknown[] }>;
    expect(variants.length).toBe(seeded.body.variants);
    expect(variants.some((v) => v.sku === '')).toBe(true);
    expect(variants.filter((v) => v.sku).every((v) => /^CT-\d{5}-\d$/.test(v.sku))).toBe(true);
    expect(variants.some((v) => v.levels.length === 2)).toBe(true);
    expect(variants.some((v) => v.levels.length === 1)).toBe(true);

    // Same seed, same catalogue (SKUs, titles, quantities) in another store.
    await post('/_emulator/seed', {
      shop: 'twin.myshopify.com',
      products: 200,
      seed: 9,
      locations: 2,
      skuPrefix: 'CT',
    });
    const twin = (await get('/_emulator/state?shop=twin.myshopify.com')).variants as Array<{
      sku: string;
      available: number;
    }>;
    expect(twin.map((v) => [v.sku, v.available])).toEqual(
      variants.map((v) => [v.sku, (v as unknown as { available: number }).available]),
    );
  });

  it('installs, simulates a sale and an admin stock edit, and reads state per SKU', async () => {
    const install = await post('/_emulator/install', { shop: SHOP });
    expect(String(install.body.accessToken)).toMatch(/^shpat_/);
    const variants = (await get(`/_emulator/state?shop=${SHOP}`)).variants as Array<{
      sku: string;
      available: number;
      levels: Array<{ locationId: number; available: number }>;
    }>;
    const target = variants.find((v) => v.sku && v.levels[0]!.available >= 3)!;
    const sale = await post('/_emulator/sale', {
      shop: SHOP,
      lines: [{ sku: target.sku, quantity: 3 }],
    });
    expect(sale.body.name).toMatch(/^#\d+$/);
    const afterSale = (await get(`/_emulator/state?shop=${SHOP}&sku=${target.sku}`))
      .variants as Array<{ available: number; levels: Array<{ committed: number }> }>;
    expect(afterSale[0]!.available).toBe(target.available - 3);
    expect(afterSale[0]!.levels[0]!.committed).toBe(3);

    const edit = await post('/_emulator/stock', {
      shop: SHOP,
      sku: target.sku,
      locationId: target.levels[0]!.locationId,
      available: 42,
    });
    expect(edit.body).toMatchObject({ available: 42 });
    // And the API agrees.
    const api = await fetch(emulator.graphqlUrl(SHOP), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-shopify-access-token': String(install.body.accessToken),
      },
      body: JSON.stringify({
        query: `{ productVariants(first: 1, query: "sku:${target.sku}") { nodes { inventoryItem { inventoryLevels(first: 2) { nodes { quantities(names: ["available"]) { quantity } } } } } } }`,
      }),
    });
    const data = (
      (await api.json()) as {
        data: {
          productVariants: {
            nodes: Array<{
              inventoryItem: {
                inventoryLevels: { nodes: Array<{ quantities: Array<{ quantity: number }> }> };
              };
            }>;
          };
        };
      }
    ).data;
    expect(
      data.productVariants.nodes[0]!.inventoryItem.inventoryLevels.nodes[0]!.quantities[0]!
        .quantity,
    ).toBe(42);

    expect(
      (await post('/_emulator/stock', { shop: SHOP, sku: 'NO-SUCH-SKU', available: 1 })).status,
    ).toBe(404);
    expect((await post('/_emulator/sale', { shop: SHOP, lines: [] })).status).toBe(400);
  });

  it('produces a signed install request and uninstalls', async () => {
    const { url } = (await get(`/_emulator/install-request?shop=${SHOP}`)) as { url: string };
    expect(new URL(url).searchParams.get('shop')).toBe(SHOP);
    await post('/_emulator/uninstall', { shop: SHOP });
    expect((await get(`/_emulator/state?shop=${SHOP}`)).installed).toBe(false);
  });

  it('changes settings and resets to the initial stores', async () => {
    const settings = await post('/_emulator/settings', {
      throttledHttpStatus: 429,
      accessTokenTtlSeconds: 5,
    });
    expect(settings.body).toMatchObject({ throttledHttpStatus: 429, accessTokenTtlSeconds: 5 });
    expect((settings.body.app as { clientSecret: string }).clientSecret).toBe('(hidden)');
    expect((await post('/_emulator/settings', { throttledHttpStatus: 201 })).status).toBe(400);
    await post('/_emulator/reset', {});
    const state = await get('/_emulator/state');
    expect(state).toMatchObject({ shop: 'stocksync-demo.myshopify.com', products: 0 });
    expect(emulator.runtime.shops.has(SHOP)).toBe(false);
    expect((await get('/_emulator/settings')).throttledHttpStatus).toBe(200);
    expect(emulator.describe().accounts[0]).toMatchObject({
      shop: 'stocksync-demo.myshopify.com',
      clientId: 'stocksync-shopify-client-id',
    });
  });
});
