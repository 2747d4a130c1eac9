import { afterEach, describe, expect, it } from 'vitest';
import { RateLimitedError } from '../port/errors';
import { SHOP, startShopifyHarness, type ShopifyHarness } from '../contract-tests/shopify-harness';
import { reassemble } from './catalogue';

let h: ShopifyHarness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const tightBucket = {
  standard: { maximumAvailable: 800, restoreRate: 10 },
  advanced: { maximumAvailable: 4_000, restoreRate: 200 },
  plus: { maximumAvailable: 20_000, restoreRate: 1_000 },
  enterprise: { maximumAvailable: 40_000, restoreRate: 2_000 },
};

describe('Shopify adapter specifics', () => {
  it('waits out THROTTLED per throttleStatus, retries, and exposes the bucket', async () => {
    h = await startShopifyHarness({ emulator: { plans: tightBucket } });
    const credentials = { accessToken: h.emulator.install(SHOP), shop: SHOP };
    await h.adapter.listCatalogue(credentials, { pageSize: 10 });
    const left = h.adapter.throttleStatus(SHOP)!;
    expect(left).toMatchObject({ maximumAvailable: 800, restoreRate: 10 });
    const before = h.clock.ms;
    const page = await h.adapter.listCatalogue(credentials, { pageSize: 10 });
    expect(page.items.length).toBeGreaterThan(0);
    // The second page of cost 783 (782 and the shop's currency) did not fit: the adapter slept (on the fake clock) and retried.
    expect(h.clock.ms - before).toBe(Math.ceil(((783 - left.currentlyAvailable) / 10) * 1000));
    const answers = h.emulator.core.recorder.list({ pathIncludes: 'graphql.json' });
    expect(answers.length).toBe(3);
  });

  it('raises RateLimitedError with the computed wait when retries are exhausted', async () => {
    h = await startShopifyHarness({
      emulator: { plans: tightBucket },
      config: { throttleRetries: 0 },
    });
    const credentials = { accessToken: h.emulator.install(SHOP), shop: SHOP };
    await h.adapter.listCatalogue(credentials, { pageSize: 10 });
    const available = h.adapter.throttleStatus(SHOP)!.currentlyAvailable;
    const error = await h.adapter
      .listCatalogue(credentials, { pageSize: 10 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitedError);
    expect((error as RateLimitedError).retryAfterMs).toBe(
      Math.ceil(((783 - available) / 10) * 1000),
    );
  });

  it('says how long until the bucket holds a mutation (10 points), as it refills', async () => {
    h = await startShopifyHarness({ emulator: { plans: tightBucket } });
    const credentials = { accessToken: h.emulator.install(SHOP), shop: SHOP };
    expect(h.adapter.msUntilWriteBudget(credentials)).toBe(0); // nothing known yet
    await h.adapter.listCatalogue(credentials, { pageSize: 10 });
    expect(h.adapter.msUntilWriteBudget(credentials)).toBe(0); // plenty left
    // As if the last answer had left 4 points (restoring 10 per second), on a clock standing still.
    Object.assign(h.adapter.throttleStatus(SHOP)!, { currentlyAvailable: 4, at: h.clock.ms });
    expect(h.adapter.msUntilWriteBudget(credentials)).toBe(600);
    h.clock.ms += 250;
    expect(h.adapter.msUntilWriteBudget(credentials)).toBe(350);
    h.clock.ms += 350;
    expect(h.adapter.msUntilWriteBudget(credentials)).toBe(0);
  });

  it('reads changed levels one bounded page a call; `next` continues the pass to its end', async () => {
    h = await startShopifyHarness({ config: { changesPageSize: 3 } });
    const credentials = { accessToken: h.emulator.install(SHOP), shop: SHOP };
    const shop = h.emulator.shop(SHOP);
    const location = shop.primaryLocation().id;
    const atLocation = shop.itemList.filter((i) => i.levels.has(location));
    expect(atLocation.length).toBeGreaterThan(6); // more than two pages
    // Seeded levels changed over the past minutes: this filter answers every one of them.
    const since = new Date(h.clock.ms - 24 * 3_600_000).toISOString();
    const seen: string[] = [];
    let after: string | null = null;
    let pages = 0;
    do {
      const page = await h.adapter.readInventoryChanges(credentials, {
        since,
        locationId: String(location),
        after,
      });
      expect(page.levels.length).toBeLessThanOrEqual(3);
      expect(page.cost).toBe(12); // reserved whatever the page holds: 3 + 3 a level
      seen.push(...page.levels.map((l) => l.inventoryItemId!));
      pages++;
      after = page.next;
    } while (after);
    expect(seen.sort()).toEqual(
      atLocation.map((i) => `gid://shopify/InventoryItem/${i.id}`).sort(),
    );
    expect(pages).toBe(Math.ceil(atLocation.length / 3));
    const calls = h.emulator.core.recorder
      .list({ pathIncludes: 'graphql.json' })
      .filter((c) => JSON.stringify(c).includes('ChannelsInventoryChanges'));
    expect(calls).toHaveLength(pages);
  });

  it('says how long the check waits to read on: its share of the bucket, as it refills', async () => {
    h = await startShopifyHarness();
    const credentials = { accessToken: h.emulator.install(SHOP), shop: SHOP };
    const pass = (spent: number) => ({ spent, elapsedMs: 0, periodMs: 60_000 });
    expect(h.adapter.msUntilChangesRead(credentials, pass(0))).toBe(0); // nothing known yet
    await h.adapter.defaultLocation(credentials); // a call of 1 point: the bucket is known
    expect(h.adapter.msUntilChangesRead(credentials, pass(0))).toBe(0); // plenty left
    // A pass that has reserved ten pages of 303 points: the eleventh waits until half the
    // restore rate (50 of 100 a second) has paid for all of them since the pass began.
    expect(h.adapter.msUntilChangesRead(credentials, pass(3_030))).toBe(66_660);
    // As if the pushes had left 500 of 2,000 points: the check waits until 1,000 and a page are
    // back, as the bucket refills on the clock.
    Object.assign(h.adapter.throttleStatus(SHOP)!, { currentlyAvailable: 500, at: h.clock.ms });
    expect(h.adapter.msUntilChangesRead(credentials, pass(0))).toBe(8_030);
    h.clock.ms += 8_000;
    expect(h.adapter.msUntilChangesRead(credentials, pass(0))).toBe(30);
    h.clock.ms += 30;
    expect(h.adapter.msUntilChangesRead(credentials, pass(0))).toBe(0);
  });

  it('verifies the install request HMAC and rejects stale or altered ones', async () => {
    h = await startShopifyHarness();
    const query = Object.fromEntries(new URL(h.emulator.installRequestUrl(SHOP)).searchParams);
    expect(h.adapter.verifyInstallRequest(query)).toBe(true);
    expect(h.adapter.verifyInstallRequest({ ...query, shop: 'evil.myshopify.com' })).toBe(false);
    h.clock.ms += 91_000;
    expect(h.adapter.verifyInstallRequest(query)).toBe(false);
  });

  it('applies the rest of a batch when one row has a stale compare quantity', async () => {
    const documents = new Set<string>();
    h = await startShopifyHarness({ documents });
    const credentials = { accessToken: h.emulator.install(SHOP), shop: SHOP };
    const variants = (await h.adapter.exportCatalogue(credentials))
      .flatMap((p) => p.variants)
      .slice(0, 3);
    const results = await h.adapter.setInventory(
      credentials,
      variants.map((v, i) => ({
        ref: { inventoryItemId: v.inventoryItemId },
        quantity: 20 + i,
        compareQuantity: i === 1 ? v.quantity + 5 : v.quantity,
      })),
    );
    expect(results.map((r) => r.status)).toEqual(['ok', 'conflict', 'ok']);
    expect(results[1]).toMatchObject({ actual: variants[1]!.quantity });
    // The conflict's read names its location (a few cost points, not every level) and says when.
    expect(results[1]).toMatchObject({ actualAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
    const names = [...documents].map((d) => /^\w+ (\w+)/.exec(d)?.[1]);
    expect(names).toContain('ChannelsInventoryAtLocation');
    expect(names).not.toContain('ChannelsInventory');
    expect(variants.map((v) => h!.quantity(v))).toEqual([20, variants[1]!.quantity, 22]);
  });

  it('reads every location and sets the primary one unless the ref names another', async () => {
    h = await startShopifyHarness({ locations: 2 });
    const credentials = { accessToken: h.emulator.install(SHOP), shop: SHOP };
    const [variant] = (await h.adapter.exportCatalogue(credentials)).flatMap((p) => p.variants);
    const ref = { inventoryItemId: variant!.inventoryItemId };
    const before = await h.adapter.readInventory(credentials, [ref]);
    expect(before).toHaveLength(2);
    const primary = `gid://shopify/Location/${h.emulator.shop(SHOP).primaryLocation().id}`;
    const other = before.find((l) => l.locationId !== primary)!;
    await h.adapter.setInventory(credentials, [
      { ref, quantity: 11 },
      { ref: { ...ref, locationId: other.locationId }, quantity: 12 },
    ]);
    const after = await h.adapter.readInventory(credentials, [ref]);
    expect(Object.fromEntries(after.map((l) => [l.locationId, l.available]))).toEqual({
      [primary]: 11,
      [other.locationId!]: 12,
    });
    const only = await h.adapter.readInventory(credentials, [{ ...ref, locationId: primary }]);
    expect(only.map((l) => l.available)).toEqual([11]);
  });

  it('registers webhook subscriptions for our topics', async () => {
    h = await startShopifyHarness();
    const credentials = { accessToken: h.emulator.install(SHOP), shop: SHOP };
    const ids = await h.adapter.registerWebhooks(credentials, 'http://127.0.0.1:9/hooks/shopify');
    expect(ids).toHaveLength(6);
    const { body } = h.emulator.graphql(SHOP, {
      query: '{ webhookSubscriptions(first: 20) { nodes { topic uri } } }',
    });
    const nodes = (
      body.data as { webhookSubscriptions: { nodes: Array<{ topic: string; uri: string }> } }
    ).webhookSubscriptions.nodes;
    expect(nodes.map((n) => n.topic).sort()).toEqual([
      'APP_UNINSTALLED',
      'INVENTORY_LEVELS_UPDATE',
      'ORDERS_CANCELLED',
      'ORDERS_CREATE',
      'PRODUCTS_DELETE',
      'PRODUCTS_UPDATE',
    ]);
    expect(new Set(nodes.map((n) => n.uri))).toEqual(new Set(['http://127.0.0.1:9/hooks/shopify']));
  });

  it('parses inventory and uninstall webhooks', async () => {
    h = await startShopifyHarness();
    const delivery = await h.signedWebhook();
    const event = h.adapter.parseWebhook(delivery);
    expect(event).toMatchObject({
      kind: 'inventory',
      topic: 'inventory_levels/update',
      account: SHOP,
    });
    expect(event.items[0]).toMatchObject({ available: 3 });
    // Shopify's time of the quantity, in UTC (the payload may carry an offset).
    const sent = (event.payload as { updated_at: string }).updated_at;
    expect(event.items[0]!.updatedAt).toBe(new Date(Date.parse(sent)).toISOString());
    expect(event.items[0]!.ref.inventoryItemId).toMatch(/^gid:\/\/shopify\/InventoryItem\/\d+$/);
    h.emulator.uninstall(SHOP);
    await h.emulator.settle();
    const uninstall = h.receiver.matching(
      (w) => w.headers['x-shopify-topic'] === 'app/uninstalled',
    )[0]!;
    expect(await h.adapter.verifyWebhook(uninstall)).toBe(true);
    expect(h.adapter.parseWebhook(uninstall)).toMatchObject({ kind: 'uninstalled', account: SHOP });
  });

  it('issues expiring tokens whose refresh token rotates', async () => {
    h = await startShopifyHarness();
    const query = await h.consent(h.adapter.authoriseUrl(h.authoriseRequest));
    const first = await h.adapter.exchangeCode({ query, expectedState: h.authoriseRequest.state });
    expect(first.expiresAt).toBe(h.clock.ms + 3_600_000);
    const second = await h.adapter.refresh(first);
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect(second.shop).toBe(SHOP);
  });
});

describe('bulk JSONL reassembly', () => {
  const variant = (id: number, parent: number) =>
    JSON.stringify({
      id: `gid://shopify/ProductVariant/${id}`,
      sku: `S-${id}`,
      title: 'Default',
      price: '1.00',
      inventoryQuantity: id,
      selectedOptions: [{ name: 'Size', value: 'M' }],
      inventoryItem: { id: `gid://shopify/InventoryItem/${id}` },
      __parentId: `gid://shopify/Product/${parent}`,
    });

  it('puts children under their parent even when they do not follow it directly', () => {
    const jsonl = [
      JSON.stringify({ id: 'gid://shopify/Product/1', title: 'A' }),
      JSON.stringify({ id: 'gid://shopify/Product/2', title: 'B' }),
      variant(11, 1),
      variant(21, 2),
      variant(12, 1),
      '',
    ].join('\n');
    const products = reassemble(jsonl, 'USD');
    expect(products.map((p) => [p.externalId, p.variants.map((v) => v.sku)])).toEqual([
      ['gid://shopify/Product/1', ['S-11', 'S-12']],
      ['gid://shopify/Product/2', ['S-21']],
    ]);
    expect(products[0]!.variants[0]).toMatchObject({ optionValues: ['M'], quantity: 11 });
  });

  it('rejects a child whose parent never appeared', () => {
    expect(() => reassemble(variant(11, 9), 'USD')).toThrow(/unknown parent/);
  });
});
