import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { AuthError } from '../port/errors';
import type { ChannelCredentials } from '../port/types';
import { DELETION_TOKEN, startEbayHarness, type EbayHarness } from '../contract-tests/ebay-harness';
import { EbayAdapter } from './adapter';
import { EBAY_ITEMS_PER_READ } from './inventory-changes';

let h: EbayHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

async function connect(harness: EbayHarness): Promise<ChannelCredentials> {
  const query = await harness.consent(harness.adapter.authoriseUrl(harness.authoriseRequest));
  return harness.adapter.exchangeCode({ query, expectedState: harness.authoriseRequest.state });
}

describe('eBay adapter specifics', () => {
  it('names the seller from the identity API after the code exchange', async () => {
    h = await startEbayHarness();
    const credentials = await connect(h);
    expect(credentials).toMatchObject({
      accountId: h.emulator.settings.account.userId,
      accountName: h.emulator.settings.account.username,
    });
  });

  it('answers the account deletion endpoint challenge the way eBay checks it', async () => {
    h = await startEbayHarness();
    let adapter: EbayAdapter | undefined;
    const server = createServer((request, response) => {
      const reply = adapter!.webhookChallenge({
        headers: request.headers,
        rawBody: '',
        url: request.url,
      });
      response.writeHead(reply?.status ?? 400, { 'content-type': 'application/json' });
      response.end(JSON.stringify(reply?.body ?? {}));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/ebay/deletion`;
    const configured = (deletionEndpoint: string) =>
      new EbayAdapter({
        ...h!.adapter.config,
        deletionEndpoint,
        deletionVerificationToken: DELETION_TOKEN,
      });
    try {
      adapter = configured(endpoint);
      const check = { endpoint, verificationToken: DELETION_TOKEN };
      expect(await h.emulator.verifyDeletionEndpoint(check)).toMatchObject({
        ok: true,
        status: 200,
      });
      // The hash covers the endpoint exactly as registered: another URL does not verify.
      adapter = configured(`${endpoint}/other`);
      expect(await h.emulator.verifyDeletionEndpoint(check)).toMatchObject({ ok: false });
    } finally {
      server.close();
    }
    expect(
      adapter.webhookChallenge({ headers: {}, rawBody: '', url: '/ebay/deletion' }),
    ).toBeNull();
  });

  it('splits bulk updates into calls of at most 25 and reports unknown SKUs per item', async () => {
    h = await startEbayHarness({ products: 14 });
    const credentials = await connect(h);
    const skus = Object.keys(h.emulator.quantities()).slice(0, 30);
    expect(skus).toHaveLength(30);
    const results = await h.adapter.setInventory(credentials, [
      ...skus.map((sku, i) => ({ ref: { sku }, quantity: i })),
      { ref: { sku: 'NO-SUCH-SKU' }, quantity: 1 },
    ]);
    expect(results.slice(0, 30).every((r) => r.status === 'ok')).toBe(true);
    expect(results[30]).toMatchObject({ status: 'error', retryable: false });
    skus.forEach((sku, i) => expect(h!.emulator.quantities()[sku]).toBe(i));
    const calls = h.emulator.core.recorder.list({ pathIncludes: 'bulk_update_price_quantity' });
    expect(calls.length).toBe(2);
  });

  it('reads every item’s quantity one page of 200 a call; `next` continues to the end', async () => {
    h = await startEbayHarness({ products: 100 });
    const credentials = await connect(h);
    const quantities = h.emulator.quantities();
    expect(Object.keys(quantities).length).toBeGreaterThan(EBAY_ITEMS_PER_READ);
    const since = new Date(h.clock.ms).toISOString();
    const read: Record<string, number> = {};
    let after: string | null = null;
    let pages = 0;
    do {
      const page = await h.adapter.readInventoryChanges(credentials, { since, after });
      expect(page.levels.length).toBeLessThanOrEqual(EBAY_ITEMS_PER_READ);
      expect(page.cost).toBe(0); // eBay's quota is per day, not a bucket the check paces by
      for (const level of page.levels) {
        expect(read[level.sku!]).toBeUndefined();
        read[level.sku!] = level.available;
      }
      after = page.next;
      pages++;
    } while (after);
    expect(read).toEqual(quantities);
    expect(pages).toBe(Math.ceil(Object.keys(quantities).length / EBAY_ITEMS_PER_READ));
    expect(h.emulator.core.recorder.list({ pathIncludes: 'inventory_item?' })).toHaveLength(pages);
  });

  it('pages through orders modified since a time', async () => {
    h = await startEbayHarness({ ordersPageSize: 2 });
    const credentials = await connect(h);
    const since = new Date(h.clock.ms).toISOString();
    const skus = Object.keys(h.emulator.quantities()).slice(0, 3);
    for (const sku of skus)
      await h.sell(
        { externalId: sku, sku, title: '', optionValues: [], price: '1', quantity: 0 },
        1,
      );
    const first = await h.adapter.listOrders(credentials, { since });
    expect(first.orders).toHaveLength(2);
    const second = await h.adapter.listOrders(credentials, { since, cursor: first.nextCursor });
    expect(second.nextCursor).toBeNull();
    expect([...first.orders, ...second.orders].flatMap((o) => o.lines.map((l) => l.sku))).toEqual(
      skus,
    );
    const [again] = await h.adapter.getOrders(credentials, [first.orders[0]!.externalId]);
    expect(again?.lines[0]).toMatchObject({ sku: skus[0], quantity: 1 });
  });

  it('turns an expired access token into AuthError and recovers with refresh', async () => {
    h = await startEbayHarness();
    const credentials = await connect(h);
    h.clock.ms += 7_201_000;
    await expect(h.adapter.readInventory(credentials, [{ sku: 'x' }])).rejects.toBeInstanceOf(
      AuthError,
    );
    const refreshed = await h.adapter.refresh(credentials);
    expect(refreshed.refreshToken).toBe(credentials.refreshToken);
    await expect(h.adapter.listCatalogue(refreshed, { pageSize: 1 })).resolves.toHaveProperty(
      'items',
    );
  });
});
