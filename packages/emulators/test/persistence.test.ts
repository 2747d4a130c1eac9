import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createStripeEmulator,
  persistState,
  startAllEmulators,
  type EbayEmulator,
  type RunningEmulators,
  type ShopifyEmulator,
  type StripeEmulator,
  type TiktokEmulator,
} from '../src';
import { DEFAULT_SECRET_KEY } from '../src/stripe';

const dirs: string[] = [];
const running: RunningEmulators[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((r) => r.close()));
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'emulator-state-'));
  dirs.push(dir);
  return dir;
}

async function start(stateDir: string) {
  const all = await startAllEmulators({ stateDir, shopifyProducts: 5 });
  running.push(all);
  const find = <E>(name: string) => all.emulators.find((e) => e.name === name) as E;
  return {
    all,
    shopify: find<ShopifyEmulator>('shopify'),
    ebay: find<EbayEmulator>('ebay'),
    tiktok: find<TiktokEmulator>('tiktok'),
    stripe: find<StripeEmulator>('stripe'),
  };
}

async function stop(all: RunningEmulators) {
  running.splice(running.indexOf(all), 1);
  await all.close();
}

const stripeCall = async (base: string, method: string, route: string, form?: string) => {
  const response = await fetch(`${base}${route}`, {
    method,
    headers: {
      authorization: `Bearer ${DEFAULT_SECRET_KEY}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    ...(form ? { body: form } : {}),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

describe('emulator state in a folder (stateDir)', () => {
  it('a restart keeps customers, tokens, shops, listings and stock, and issues no id twice', async () => {
    const dir = tempDir();
    const first = await start(dir);

    const customer = await stripeCall(
      first.all.urls.stripe,
      'POST',
      '/v1/customers',
      'email=a%40example.com',
    );
    expect(customer.status).toBe(200);
    const shopifyToken = first.shopify.install();
    const shopDomain = first.shopify.settings.defaultShop;
    const variant = [...first.shopify.shop().variants.values()][0]!;
    first.shopify.adminSetAvailable(shopDomain, { variantId: variant.id, available: 42 });
    const ebayToken = first.ebay.tokens.issueUserToken([
      'https://api.ebay.com/oauth/api_scope/sell.inventory',
    ]);
    const ebaySku = Object.keys(first.ebay.quantities())[0]!;
    first.ebay.setQuantity(ebaySku, 7);
    const tiktokSku = Object.keys(first.tiktok.quantities())[0]!;
    first.tiktok.simulateSale({ sellerSku: tiktokSku, quantity: 1 });
    const tiktokStock = first.tiktok.quantities();
    const products = first.shopify.shop().products.size;
    await stop(first.all);
    expect(readdirSync(dir).sort()).toEqual(['ebay.v8', 'shopify.v8', 'stripe.v8', 'tiktok.v8']);

    const second = await start(dir);
    // Stripe: the stored customer is still there, and a new one gets another id.
    const again = await stripeCall(
      second.all.urls.stripe,
      'GET',
      `/v1/customers/${String(customer.body.id)}`,
    );
    expect(again).toMatchObject({ status: 200, body: { email: 'a@example.com' } });
    const next = await stripeCall(
      second.all.urls.stripe,
      'POST',
      '/v1/customers',
      'email=b%40example.com',
    );
    expect(next.body.id).not.toBe(customer.body.id);
    // Shopify: not seeded a second time; the token still works over HTTP; stock kept.
    expect(second.shopify.shop().products.size).toBe(products);
    const graphql = await fetch(second.shopify.graphqlUrl(), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-shopify-access-token': shopifyToken },
      body: JSON.stringify({ query: '{ shop { myshopifyDomain } }' }),
    });
    expect(graphql.status).toBe(200);
    expect(await graphql.json()).toMatchObject({ data: { shop: { myshopifyDomain: shopDomain } } });
    const level = second.shopify.shop().items.get(variant.inventoryItemId)!.levels.values().next();
    expect(level.value?.quantities.available).toBe(42);
    // A new product gets a new id (the id sequences were kept too).
    const newVariant = second.shopify.seed(shopDomain, { products: 1, skuPrefix: 'NEW' });
    expect(newVariant.products.size).toBe(products + 1);
    // eBay: the token still reads the listing, with the stock set before the restart.
    const item = await fetch(
      `${second.all.urls.ebay}/sell/inventory/v1/inventory_item/${ebaySku}`,
      {
        headers: { authorization: `Bearer ${ebayToken.token}` },
      },
    );
    expect(item.status).toBe(200);
    expect(await item.json()).toMatchObject({
      availability: { shipToLocationAvailability: { quantity: 7 } },
    });
    // TikTok: the order and the stock it took are kept.
    expect(second.tiktok.store.orders).toHaveLength(1);
    expect(second.tiktok.quantities()).toEqual(tiktokStock);
  });

  it('Stripe ids are random: two fresh emulators never hand out the same customer id', async () => {
    const a = createStripeEmulator();
    const b = createStripeEmulator();
    const [urlA, urlB] = [await a.listen(), await b.listen()];
    try {
      const [one, two] = await Promise.all([
        stripeCall(urlA, 'POST', '/v1/customers', 'email=a%40example.com'),
        stripeCall(urlB, 'POST', '/v1/customers', 'email=a%40example.com'),
      ]);
      expect(one.body.id).toMatch(/^cus_/);
      expect(one.body.id).not.toBe(two.body.id);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it('a failed write in the background is reported, not thrown', async () => {
    const dir = tempDir();
    // The folder to write into is a file: every write fails.
    writeFileSync(path.join(dir, 'blocked'), '');
    const file = path.join(dir, 'blocked', 'stripe.v8');
    const reported = new Promise<unknown>((resolve) => {
      const persisted = persistState(
        'stripe',
        file,
        { capture: () => ({ n: 1 }), restore: () => undefined },
        { delayMs: 1, onError: resolve },
      );
      persisted.changed();
    });
    expect(String(await reported)).toMatch(/ENOTDIR|EEXIST/);
  });

  it('an unreadable snapshot stops the start with what to do, and a write is atomic', () => {
    const dir = tempDir();
    const file = path.join(dir, 'stripe.v8');
    writeFileSync(file, 'not a snapshot');
    const codec = { capture: () => ({ n: 1 }), restore: () => undefined };
    expect(() => persistState('stripe', file, codec)).toThrow(/delete it to start with fresh/);

    rmSync(file);
    const state = { n: new Map([['k', 1]]) };
    const persisted = persistState('stripe', file, {
      capture: () => state,
      restore: () => undefined,
    });
    persisted.close();
    expect(readdirSync(dir)).toEqual(['stripe.v8']);
    let restored: unknown;
    persistState('stripe', file, { capture: () => state, restore: (d) => (restored = d) }).close();
    expect(restored).toEqual(state);
  });
});
