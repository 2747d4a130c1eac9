import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPPORTED_VERSIONS, versionAtLeast } from './schema';
import { SHOP, startShopify, type Started } from './test-support';

let s: Started;
beforeAll(async () => {
  s = await startShopify({ products: 12, rateLimiting: false });
});
afterAll(async () => {
  await s.emulator.close();
});

const READ = `query Sync($cursor: String) {
  shop { myshopifyDomain currencyCode }
  locations(first: 5) { nodes { id name isActive fulfillsOnlineOrders } }
  products(first: 5, after: $cursor, query: "status:active") {
    pageInfo { hasNextPage endCursor }
    nodes { id title status updatedAt
      variants(first: 10) { nodes { id sku title price inventoryQuantity selectedOptions { name value }
        inventoryItem { id tracked inventoryLevels(first: 2) { nodes { id location { id } quantities(names: ["available", "on_hand"]) { name quantity } updatedAt } } } } } }
  }
}`;

describe.each(SUPPORTED_VERSIONS)('API version %s', (version) => {
  it('serves the sync read query and an inventory set with that version’s input shape', async () => {
    const read = await s.gql(READ, {}, { version });
    expect(read.body.errors).toBeUndefined();
    expect(read.headers.get('x-shopify-api-version')).toBe(version);
    const variant = read.body.data.products.nodes[0].variants.nodes[0];
    const level = variant.inventoryItem.inventoryLevels.nodes[0];
    const available = level.quantities[0].quantity as number;

    const row: Record<string, unknown> = {
      inventoryItemId: variant.inventoryItem.id,
      locationId: level.location.id,
      quantity: available + 1,
    };
    const input: Record<string, unknown> = {
      name: 'available',
      reason: 'correction',
      quantities: [row],
    };
    if (versionAtLeast(version, '2026-01')) row.changeFromQuantity = available;
    else row.compareQuantity = available;
    const idempotent = versionAtLeast(version, '2026-01');
    const mutation = `mutation Set($input: InventorySetQuantitiesInput!${idempotent ? ', $key: String!' : ''}) {
      inventorySetQuantities(input: $input)${idempotent ? ' @idempotent(key: $key)' : ''} {
        inventoryAdjustmentGroup { changes { name delta quantityAfterChange } } userErrors { code field message } } }`;
    const set = await s.gql(mutation, { input, key: `v-${version}` }, { version });
    expect(set.body.errors).toBeUndefined();
    expect(set.body.data.inventorySetQuantities.userErrors).toEqual([]);
    expect(set.body.data.inventorySetQuantities.inventoryAdjustmentGroup.changes[0]).toEqual({
      name: 'available',
      delta: 1,
      quantityAfterChange: available + 1,
    });
    const snapshot = s.emulator
      .snapshot(SHOP)
      .find((v) => `gid://shopify/ProductVariant/${v.variantId}` === variant.id)!;
    expect(
      snapshot.levels.find((l) => `gid://shopify/Location/${l.locationId}` === level.location.id)!
        .available,
    ).toBe(available + 1);
  });
});
