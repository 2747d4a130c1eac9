import {
  createShopifyEmulator,
  type ShopifyEmulator,
  type ShopifyEmulatorOptions,
} from '@stocksync/emulators';
import { ShopifyAdapter } from '../shopify/adapter';
import { legacyId } from '../shopify/graphql';
import type { ShopifyConfigInput } from '../shopify/config';
import { FakeClock } from './clock';
import type { ContractHarness, SeededProduct } from './harness';
import { WebhookReceiver } from './receiver';

export const SHOP = 'contract-store.myshopify.com';

export interface ShopifyHarness extends ContractHarness {
  adapter: ShopifyAdapter;
  emulator: ShopifyEmulator;
  receiver: WebhookReceiver;
  clock: FakeClock;
}

export interface ShopifyHarnessOptions {
  config?: Partial<ShopifyConfigInput>;
  /** Collects every GraphQL document the adapter sends. */
  documents?: Set<string>;
  emulator?: Omit<ShopifyEmulatorOptions, 'shops' | 'app' | 'now'>;
  /** Locations of the seeded store (1 by default, so totals equal the primary location). */
  locations?: number;
}

export async function startShopifyHarness(
  options: ShopifyHarnessOptions = {},
): Promise<ShopifyHarness> {
  const { config = {}, documents, emulator: emulatorOptions = {}, locations = 1 } = options;
  const clock = new FakeClock(Date.UTC(2026, 10, 2, 9, 0, 0));
  const receiver = new WebhookReceiver();
  const hookUrl = await receiver.start();
  const emulator = createShopifyEmulator({
    shops: [{ domain: SHOP, products: 8, locations, seed: 11, secondLocationRate: 1 }],
    app: {
      webhooks: [
        { topics: ['orders/create', 'inventory_levels/update', 'app/uninstalled'], uri: hookUrl },
      ],
    },
    expiringTokensByDefault: false,
    bulkStartDelayMs: 0,
    bulkRunMs: 0,
    now: clock.now,
    ...emulatorOptions,
  });
  const base = await emulator.listen();
  const adapter = new ShopifyAdapter(
    {
      clientId: emulator.settings.app.clientId,
      clientSecret: emulator.settings.app.clientSecret,
      redirectUri: 'http://127.0.0.1:3000/v1/channels/shopify/callback',
      shopUrlTemplate: `${base}/shops/{shop}`,
      bulkPollIntervalMs: 50,
      ...config,
    },
    { sleep: clock.sleep, now: clock.now, onDocument: (query) => documents?.add(query) },
  );
  const variantOf = (externalId: string) =>
    emulator.snapshot(SHOP).find((v) => String(v.variantId) === legacyId(externalId));

  const lastDelivery = async (topic: string) => {
    await emulator.settle();
    const found = receiver.matching((w) => w.headers['x-shopify-topic'] === topic).at(-1);
    if (!found) throw new Error(`no ${topic} delivery`);
    return found;
  };

  return {
    adapter,
    emulator,
    receiver,
    clock,
    authoriseRequest: { state: 'state-shopify-1', shop: SHOP },
    now: clock.now,
    async consent(url) {
      const page = await fetch(url);
      if (page.status !== 200) throw new Error(`authorize page answered ${page.status}`);
      const approve = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'decision=approve',
        redirect: 'manual',
      });
      const location = approve.headers.get('location');
      if (!location) throw new Error(`approve answered ${approve.status} without a redirect`);
      return Object.fromEntries(new URL(location).searchParams);
    },
    seeded() {
      const products = new Map<string, SeededProduct>();
      for (const v of emulator.snapshot(SHOP)) {
        const id = `gid://shopify/Product/${v.productId}`;
        const product = products.get(id) ?? { externalId: id, variants: [] };
        product.variants.push({
          externalId: `gid://shopify/ProductVariant/${v.variantId}`,
          sku: v.sku,
          quantity: v.available,
        });
        products.set(id, product);
      }
      return [...products.values()];
    },
    quantity: (variant) => variantOf(variant.externalId)?.available ?? NaN,
    async sell(variant, quantity) {
      emulator.simulateSale(SHOP, { lines: [{ variantId: variant.externalId, quantity }] });
      return lastDelivery('orders/create');
    },
    async signedWebhook() {
      const [variant] = emulator.snapshot(SHOP);
      emulator.adminSetAvailable(SHOP, { variantId: variant!.variantId, available: 3 });
      return lastDelivery('inventory_levels/update');
    },
    faults(kind) {
      emulator.core.setFaults({
        rateLimitRate: kind === 'rate_limit' ? 1 : 0,
        serverErrorRate: kind === 'server_error' ? 1 : 0,
      });
    },
    async close() {
      await emulator.close();
      await receiver.close();
    },
  };
}
