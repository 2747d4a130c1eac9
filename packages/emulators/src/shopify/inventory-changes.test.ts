import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHOP, startShopify, type Started } from './test-support';

/**
 * Location.inventoryLevels(query:) filters on updated_at as Shopify documents it (docs/channels
 * §1.3): the incremental stock check asks for the levels changed since a time.
 */
let s: Started;
beforeAll(async () => {
  s = await startShopify({ products: 10, locations: 1, rateLimiting: false });
});
afterAll(async () => {
  await s.emulator.close();
});

const CHANGES = `query Changes($location: ID!, $query: String!) {
  location(id: $location) {
    inventoryLevels(first: 50, query: $query) {
      nodes { item { id } updatedAt quantities(names: ["available"]) { name quantity } }
    }
  }
}`;

const whole = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

describe('Location.inventoryLevels(query: "updated_at:...")', () => {
  it('answers only the levels changed at or after the time, in whole seconds', async () => {
    const shop = s.emulator.shop(SHOP);
    const location = shop.locations.values().next().value!;
    const item = shop.itemList.find((i) => i.sku && i.levels.has(location.id))!;
    // Every level is older than a second ago; then one sale changes one level.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const since = Date.now();
    s.emulator.simulateSale(SHOP, { lines: [{ sku: item.sku, quantity: 1 }] });
    const level = item.levels.get(location.id)!;
    const ask = (query: string) =>
      s.gql(CHANGES, { location: `gid://shopify/Location/${location.id}`, query });

    const changed = await ask(`updated_at:>='${whole(since)}'`);
    expect(changed.body.errors).toBeUndefined();
    expect(changed.body.data.location.inventoryLevels.nodes).toEqual([
      {
        item: { id: `gid://shopify/InventoryItem/${item.id}` },
        updatedAt: whole(level.updatedAt),
        quantities: [{ name: 'available', quantity: level.quantities.available }],
      },
    ]);
    // The same second again (>=) finds it; a later second does not.
    const again = await ask(`updated_at:>='${whole(level.updatedAt)}'`);
    expect(again.body.data.location.inventoryLevels.nodes).toHaveLength(1);
    const later = await ask(`updated_at:>'${whole(level.updatedAt)}'`);
    expect(later.body.data.location.inventoryLevels.nodes).toEqual([]);
    // Without a filter, every level at the location.
    const all = await s.gql(CHANGES, {
      location: `gid://shopify/Location/${location.id}`,
      query: '',
    });
    expect(all.body.data.location.inventoryLevels.nodes.length).toBeGreaterThan(1);
  });
});
