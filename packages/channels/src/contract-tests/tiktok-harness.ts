import { createTiktokEmulator, type TiktokEmulator } from '@stocksync/emulators';
import { TiktokAdapter } from '../tiktok/adapter';
import { FakeClock } from './clock';
import type { ContractHarness, SeededProduct } from './harness';
import { WebhookReceiver } from './receiver';

export interface TiktokHarness extends ContractHarness {
  clock: FakeClock;
  adapter: TiktokAdapter;
  emulator: TiktokEmulator;
  receiver: WebhookReceiver;
}

export async function startTiktokHarness(): Promise<TiktokHarness> {
  const clock = new FakeClock(Date.UTC(2026, 10, 2, 9, 0, 0));
  const receiver = new WebhookReceiver();
  const hookUrl = await receiver.start();
  const emulator = createTiktokEmulator({
    catalogue: { products: 7, seed: 9, offset: 0 },
    webhookUrl: hookUrl,
    now: clock.now,
  });
  const base = await emulator.listen();
  const { settings, store } = emulator;
  const adapter = new TiktokAdapter(
    {
      appKey: settings.appKey,
      appSecret: settings.appSecret,
      serviceId: settings.serviceId,
      authorizeBaseUrl: base,
      authBaseUrl: base,
      apiBaseUrl: base,
    },
    { now: clock.now },
  );
  const total = (skuId: string) => {
    const ref = store.skus.get(skuId);
    return ref ? ref.sku.inventory.reduce((sum, entry) => sum + entry.quantity, 0) : NaN;
  };
  const lastDelivery = async () => {
    await emulator.core.webhooks.idle();
    const delivery = receiver.received.at(-1);
    if (!delivery) throw new Error('no TikTok webhook delivery');
    return delivery;
  };

  return {
    adapter,
    emulator,
    receiver,
    clock,
    authoriseRequest: { state: 'state-tiktok-1' },
    now: clock.now,
    async consent(url) {
      const page = await fetch(url);
      if (page.status !== 200) throw new Error(`authorization page answered ${page.status}`);
      const form = new URLSearchParams(new URL(url).searchParams);
      form.set('decision', 'authorize');
      const approved = await fetch(new URL('/open/authorize', base), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
        redirect: 'manual',
      });
      const location = approved.headers.get('location');
      if (!location) throw new Error(`authorize answered ${approved.status} without a redirect`);
      return Object.fromEntries(new URL(location).searchParams);
    },
    seeded() {
      const products: SeededProduct[] = [];
      for (const id of store.productOrder) {
        const product = store.products.get(id);
        if (!product || product.status === 'DELETED') continue;
        products.push({
          externalId: product.id,
          variants: product.skus.map((sku) => ({
            externalId: sku.id,
            sku: sku.seller_sku,
            quantity: total(sku.id),
          })),
        });
      }
      return products;
    },
    quantity: (variant) => total(variant.externalId),
    async sell(variant, quantity) {
      emulator.simulateSale({ skuId: variant.externalId, quantity });
      return lastDelivery();
    },
    async signedWebhook() {
      const [first] = store.skus.keys();
      emulator.setQuantity({ skuId: first!, quantity: 9 });
      return lastDelivery();
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
