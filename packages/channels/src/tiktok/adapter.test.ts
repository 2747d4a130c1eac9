import { afterEach, describe, expect, it } from 'vitest';
import { AuthError, ValidationError } from '../port/errors';
import type { ChannelCredentials } from '../port/types';
import { startTiktokHarness, type TiktokHarness } from '../contract-tests/tiktok-harness';
import { TiktokAdapter } from './adapter';

let h: TiktokHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

async function connect(harness: TiktokHarness): Promise<ChannelCredentials> {
  const query = await harness.consent(harness.adapter.authoriseUrl(harness.authoriseRequest));
  return harness.adapter.exchangeCode({ query, expectedState: harness.authoriseRequest.state });
}

describe('TikTok adapter specifics', () => {
  it('stores the authorised shop cipher and id with the tokens', async () => {
    h = await startTiktokHarness();
    const credentials = await connect(h);
    const shop = h.emulator.settings.shop;
    expect(credentials).toMatchObject({
      shopCipher: shop.cipher,
      shopId: shop.id,
      accountId: h.emulator.settings.seller.openId,
    });
    // Absolute expiry timestamps (seconds on the wire) become epoch ms.
    expect(credentials.expiresAt).toBeGreaterThan(h.clock.ms);
  });

  it('sets stock in a named warehouse and leaves the others alone', async () => {
    h = await startTiktokHarness();
    const credentials = await connect(h);
    const [product] = (await h.adapter.listCatalogue(credentials, { pageSize: 1 })).items;
    const variant = product!.variants[0]!;
    const overflow = '7068517275539719943';
    const [result] = await h.adapter.setInventory(credentials, [
      { ref: { externalVariantId: variant.externalId, locationId: overflow }, quantity: 4 },
    ]);
    expect(result?.status).toBe('ok');
    const levels = await h.adapter.readInventory(credentials, [
      { externalVariantId: variant.externalId },
    ]);
    expect(levels.find((l) => l.locationId === overflow)?.available).toBe(4);
    expect(levels.reduce((sum, l) => sum + l.available, 0)).toBe(variant.quantity + 4);
  });

  it('writes SKUs that name their product without a lookup, one call per product, concurrently', async () => {
    h = await startTiktokHarness();
    const credentials = await connect(h);
    const products = (await h.adapter.listCatalogue(credentials, { pageSize: 3 })).items;
    const since = Date.now();
    const results = await h.adapter.setInventory(credentials, [
      ...products.map((product, i) => ({
        ref: {
          externalProductId: product.externalId,
          externalVariantId: product.variants[0]!.externalId,
        },
        quantity: 30 + i,
      })),
      // A product the shop does not have fails alone, for good.
      { ref: { externalProductId: '999', externalVariantId: '999' }, quantity: 1 },
    ]);
    expect(results.map((r) => r.status)).toEqual(['ok', 'ok', 'ok', 'error']);
    expect(results[3]).toMatchObject({ retryable: false });
    const calls = h.emulator.core.recorder.list({ since }).map((r) => r.path.split('?')[0]);
    expect(calls.filter((p) => p?.endsWith('/products/search'))).toEqual([]);
    expect(calls.filter((p) => p?.endsWith('/inventory/update'))).toHaveLength(4);
    const levels = await h.adapter.readInventory(
      credentials,
      products.map((product) => ({ externalVariantId: product.variants[0]!.externalId })),
    );
    expect(levels.map((l) => l.available).sort()).toEqual([30, 31, 32]);
  });

  it('registers our webhook address for the event types and receives there', async () => {
    h = await startTiktokHarness();
    const credentials = await connect(h);
    await h.adapter.registerWebhooks(credentials, 'http://127.0.0.1:9/hooks/tiktok');
    expect(
      [...h.emulator.store.webhookAddresses.entries()].map(([type, w]) => [type, w.address]),
    ).toEqual([
      ['ORDER_STATUS_CHANGE', 'http://127.0.0.1:9/hooks/tiktok'],
      ['PRODUCT_INFORMATION_CHANGE', 'http://127.0.0.1:9/hooks/tiktok'],
    ]);
  });

  it('parses a seller stock edit as an inventory event naming the SKU', async () => {
    h = await startTiktokHarness();
    const delivery = await h.signedWebhook();
    expect(await h.adapter.verifyWebhook(delivery)).toBe(true);
    const event = h.adapter.parseWebhook(delivery);
    expect(event.kind).toBe('inventory');
    expect(event.account).toBe(h.emulator.settings.shop.id);
    expect(event.items[0]?.ref.externalVariantId).toBe([...h.emulator.store.skus.keys()][0]);
  });

  it('maps an expired token to AuthError and a wrong app secret to ValidationError', async () => {
    h = await startTiktokHarness();
    const credentials = await connect(h);
    const wrongSecret = new TiktokAdapter(
      { ...h.adapter.config, appSecret: 'not-the-secret' },
      { now: h.clock.now },
    );
    await expect(wrongSecret.listCatalogue(credentials)).rejects.toBeInstanceOf(ValidationError);
    h.clock.ms = credentials.expiresAt! + 1_000;
    await expect(h.adapter.listCatalogue(credentials)).rejects.toBeInstanceOf(AuthError);
    const refreshed = await h.adapter.refresh(credentials);
    expect(refreshed.shopCipher).toBe(credentials.shopCipher);
    await expect(h.adapter.listCatalogue(refreshed, { pageSize: 1 })).resolves.toHaveProperty(
      'items',
    );
  });
});
