import { createEbayEmulator, type EbayEmulator } from '@stocksync/emulators';
import { EbayAdapter } from '../ebay/adapter';
import { FakeClock } from './clock';
import type { ContractHarness, SeededProduct } from './harness';
import { WebhookReceiver } from './receiver';

export interface EbayHarness extends ContractHarness {
  clock: FakeClock;
  adapter: EbayAdapter;
  emulator: EbayEmulator;
  receiver: WebhookReceiver;
}

export const DELETION_TOKEN = 'stocksync_contract_verification_token_0123456789';

export async function startEbayHarness(
  options: { products?: number; ordersPageSize?: number } = {},
): Promise<EbayHarness> {
  const clock = new FakeClock(Date.UTC(2026, 10, 2, 9, 0, 0));
  const receiver = new WebhookReceiver();
  const hookUrl = await receiver.start();
  const emulator = createEbayEmulator({
    catalogue: { products: options.products ?? 6, seed: 5, offset: 0 },
    now: clock.now,
  });
  const base = await emulator.listen();
  const adapter = new EbayAdapter(
    {
      clientId: emulator.settings.clientId,
      clientSecret: emulator.settings.clientSecret,
      ruName: emulator.settings.ruName,
      authBaseUrl: base,
      apiBaseUrl: base,
      apizBaseUrl: base,
      deletionEndpoint: hookUrl,
      deletionVerificationToken: DELETION_TOKEN,
      ...(options.ordersPageSize ? { ordersPageSize: options.ordersPageSize } : {}),
    },
    { now: clock.now },
  );
  const { store } = emulator;

  return {
    adapter,
    emulator,
    receiver,
    clock,
    authoriseRequest: { state: 'state-ebay-1' },
    now: clock.now,
    async consent(url) {
      const page = await fetch(url);
      if (page.status !== 200) throw new Error(`consent page answered ${page.status}`);
      const form = new URLSearchParams(new URL(url).searchParams);
      form.set('decision', 'agree');
      const agreed = await fetch(new URL('/oauth2/authorize', base), {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
        redirect: 'manual',
      });
      const location = agreed.headers.get('location');
      if (!location) throw new Error(`consent answered ${agreed.status} without a redirect`);
      return Object.fromEntries(new URL(location).searchParams);
    },
    seeded() {
      const products: SeededProduct[] = [];
      const grouped = new Set<string>();
      for (const [key, group] of store.groups) {
        const skus = group.variantSKUs ?? [];
        skus.forEach((sku) => grouped.add(sku));
        products.push({
          externalId: key,
          variants: skus.map((sku) => ({
            externalId: sku,
            sku,
            quantity: store.quantityOf(sku) ?? NaN,
          })),
        });
      }
      for (const sku of store.skus()) {
        if (grouped.has(sku)) continue;
        products.push({
          externalId: sku,
          variants: [{ externalId: sku, sku, quantity: store.quantityOf(sku) ?? NaN }],
        });
      }
      return products;
    },
    quantity: (variant) => store.quantityOf(variant.sku) ?? NaN,
    async sell(variant, quantity) {
      clock.ms += 1_000;
      emulator.simulateSale({ sku: variant.sku, quantity });
      return undefined;
    },
    async signedWebhook() {
      emulator.sendAccountDeletion({ endpoint: hookUrl });
      await emulator.core.webhooks.idle();
      const delivery = receiver.received.at(-1);
      if (!delivery) throw new Error('no account deletion delivery');
      return delivery;
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
