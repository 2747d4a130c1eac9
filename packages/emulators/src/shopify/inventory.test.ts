import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quantityOf } from './state';
import { SHOP, startShopify, type Started } from './test-support';

let s: Started;
beforeAll(async () => {
  s = await startShopify({ products: 10, locations: 2, rateLimiting: false });
});
afterAll(async () => {
  await s.emulator.close();
});

function firstLevel() {
  const shop = s.emulator.shop(SHOP);
  const item = shop.itemList.find((i) => i.sku && i.levels.size > 0)!;
  const level = [...item.levels.values()][0]!;
  return {
    item,
    level,
    itemId: `gid://shopify/InventoryItem/${item.id}`,
    locationId: `gid://shopify/Location/${level.locationId}`,
  };
}

const SET_2026_04 = `mutation Set($input: InventorySetQuantitiesInput!, $key: String!) {
  inventorySetQuantities(input: $input) @idempotent(key: $key) {
    inventoryAdjustmentGroup { id reason referenceDocumentUri changes { name delta quantityAfterChange item { id } location { id } } }
    userErrors { code field message }
  }
}`;

describe('inventorySetQuantities', () => {
  it('sets available with changeFromQuantity (2026-04+) and reports the changes', async () => {
    const { level, itemId, locationId } = firstLevel();
    const before = level.quantities.available;
    const { body } = await s.gql(
      SET_2026_04,
      {
        key: 'set-1',
        input: {
          name: 'available',
          reason: 'correction',
          referenceDocumentUri: 'gid://stocksync/SyncJob/1',
          quantities: [
            {
              inventoryItemId: itemId,
              locationId,
              quantity: before + 5,
              changeFromQuantity: before,
            },
          ],
        },
      },
      { version: '2026-04' },
    );
    const payload = body.data.inventorySetQuantities;
    expect(payload.userErrors).toEqual([]);
    expect(payload.inventoryAdjustmentGroup.changes).toEqual([
      {
        name: 'available',
        delta: 5,
        quantityAfterChange: before + 5,
        item: { id: itemId },
        location: { id: locationId },
      },
      {
        name: 'on_hand',
        delta: 5,
        quantityAfterChange: quantityOf(level, 'on_hand'),
        item: { id: itemId },
        location: { id: locationId },
      },
    ]);
    expect(level.quantities.available).toBe(before + 5);
  });

  it('rejects a stale changeFromQuantity with CHANGE_FROM_QUANTITY_STALE and changes nothing', async () => {
    const { level, itemId, locationId } = firstLevel();
    const before = level.quantities.available;
    const { body } = await s.gql(
      SET_2026_04,
      {
        key: 'set-stale',
        input: {
          name: 'available',
          reason: 'correction',
          quantities: [
            { inventoryItemId: itemId, locationId, quantity: 1, changeFromQuantity: before - 1 },
          ],
        },
      },
      { version: '2026-07' },
    );
    expect(body.data.inventorySetQuantities.inventoryAdjustmentGroup).toBeNull();
    expect(body.data.inventorySetQuantities.userErrors).toEqual([
      {
        code: 'CHANGE_FROM_QUANTITY_STALE',
        field: ['input', 'quantities', '0', 'changeFromQuantity'],
        message: 'The specified compare quantity does not match the current quantity.',
      },
    ]);
    expect(level.quantities.available).toBe(before);
  });

  it('requires changeFromQuantity on 2026-04+ but accepts an explicit null', async () => {
    const { level, itemId, locationId } = firstLevel();
    const missing = await s.gql(
      SET_2026_04,
      {
        key: 'set-missing',
        input: {
          name: 'available',
          reason: 'correction',
          quantities: [{ inventoryItemId: itemId, locationId, quantity: 3 }],
        },
      },
      { version: '2026-04' },
    );
    expect(missing.body.data.inventorySetQuantities.userErrors[0].field).toEqual([
      'input',
      'quantities',
      '0',
      'changeFromQuantity',
    ]);
    const skip = await s.gql(
      SET_2026_04,
      {
        key: 'set-null',
        input: {
          name: 'available',
          reason: 'correction',
          quantities: [
            { inventoryItemId: itemId, locationId, quantity: 3, changeFromQuantity: null },
          ],
        },
      },
      { version: '2026-04' },
    );
    expect(skip.body.data.inventorySetQuantities.userErrors).toEqual([]);
    expect(level.quantities.available).toBe(3);
  });

  it('uses compareQuantity / ignoreCompareQuantity before 2026-01', async () => {
    const { level, itemId, locationId } = firstLevel();
    const mutation = `mutation($input: InventorySetQuantitiesInput!) { inventorySetQuantities(input: $input) { userErrors { code field } inventoryAdjustmentGroup { id } } }`;
    const base = { name: 'available', reason: 'correction' };
    const required = await s.gql(
      mutation,
      { input: { ...base, quantities: [{ inventoryItemId: itemId, locationId, quantity: 9 }] } },
      { version: '2025-10' },
    );
    expect(required.body.data.inventorySetQuantities.userErrors[0].code).toBe(
      'COMPARE_QUANTITY_REQUIRED',
    );
    const stale = await s.gql(
      mutation,
      {
        input: {
          ...base,
          quantities: [
            {
              inventoryItemId: itemId,
              locationId,
              quantity: 9,
              compareQuantity: level.quantities.available + 1,
            },
          ],
        },
      },
      { version: '2025-10' },
    );
    expect(stale.body.data.inventorySetQuantities.userErrors[0].code).toBe(
      'COMPARE_QUANTITY_STALE',
    );
    const ignored = await s.gql(
      mutation,
      {
        input: {
          ...base,
          ignoreCompareQuantity: true,
          quantities: [{ inventoryItemId: itemId, locationId, quantity: 9 }],
        },
      },
      { version: '2025-10' },
    );
    expect(ignored.body.data.inventorySetQuantities.userErrors).toEqual([]);
    expect(level.quantities.available).toBe(9);
  });

  it('reports the real userError codes for bad input', async () => {
    const { itemId, locationId } = firstLevel();
    const shop = s.emulator.shop(SHOP);
    // An item not stocked at the second location, if any.
    const { body } = await s.gql(
      SET_2026_04,
      {
        key: 'set-bad',
        input: {
          name: 'committed',
          reason: 'because',
          referenceDocumentUri: 'not a uri',
          quantities: [
            {
              inventoryItemId: 'gid://shopify/InventoryItem/1',
              locationId,
              quantity: 1,
              changeFromQuantity: null,
            },
            {
              inventoryItemId: itemId,
              locationId: 'gid://shopify/Location/1',
              quantity: 1,
              changeFromQuantity: null,
            },
          ],
        },
      },
      { version: '2026-07' },
    );
    const codes = body.data.inventorySetQuantities.userErrors.map((e: { code: string }) => e.code);
    expect(codes).toEqual([
      'INVALID_NAME',
      'INVALID_REASON',
      'INVALID_REFERENCE_DOCUMENT',
      'INVALID_INVENTORY_ITEM',
      'INVALID_LOCATION',
    ]);
    expect(shop.adjustmentGroups.size).toBeGreaterThan(0);
  });
});

describe('idempotency (@idempotent)', () => {
  const ADJUST = `mutation Adjust($input: InventoryAdjustQuantitiesInput!, $key: String!) {
    inventoryAdjustQuantities(input: $input) @idempotent(key: $key) {
      inventoryAdjustmentGroup { id changes { name delta quantityAfterChange } }
      userErrors { code field message }
    }
  }`;

  it('replays the first answer for the same key and arguments without applying twice', async () => {
    const { level, itemId, locationId } = firstLevel();
    const before = level.quantities.available;
    const variables = {
      key: 'adjust-once',
      input: {
        name: 'available',
        reason: 'correction',
        changes: [{ delta: -2, inventoryItemId: itemId, locationId, changeFromQuantity: before }],
      },
    };
    const first = await s.gql(ADJUST, variables, { version: '2026-04' });
    const second = await s.gql(ADJUST, variables, { version: '2026-04' });
    expect(first.body.data.inventoryAdjustQuantities.userErrors).toEqual([]);
    expect(second.body.data).toEqual(first.body.data);
    expect(level.quantities.available).toBe(before - 2);
  });

  it('rejects the same key with different arguments', async () => {
    const { itemId, locationId } = firstLevel();
    const input = (delta: number) => ({
      name: 'available',
      reason: 'correction',
      changes: [{ delta, inventoryItemId: itemId, locationId, changeFromQuantity: null }],
    });
    await s.gql(ADJUST, { key: 'adjust-mismatch', input: input(1) }, { version: '2026-04' });
    const { body } = await s.gql(
      ADJUST,
      { key: 'adjust-mismatch', input: input(2) },
      { version: '2026-04' },
    );
    expect(body.data.inventoryAdjustQuantities.userErrors[0].code).toBe(
      'IDEMPOTENCY_KEY_PARAMETER_MISMATCH',
    );
  });

  it('is mandatory from 2026-04 and optional in 2026-01', async () => {
    const { itemId, locationId } = firstLevel();
    const noKey = `mutation($input: InventoryAdjustQuantitiesInput!) { inventoryAdjustQuantities(input: $input) { userErrors { code } } }`;
    const input = {
      name: 'available',
      reason: 'correction',
      changes: [{ delta: 1, inventoryItemId: itemId, locationId, changeFromQuantity: null }],
    };
    const required = await s.gql(noKey, { input }, { version: '2026-04' });
    expect(required.body.errors?.[0]?.message).toContain('@idempotent');
    const optional = await s.gql(noKey, { input }, { version: '2026-01' });
    expect(optional.body.errors).toBeUndefined();
    expect(optional.body.data.inventoryAdjustQuantities.userErrors).toEqual([]);
  });

  it('checks ledger documents for non-available names', async () => {
    const { itemId, locationId } = firstLevel();
    const { body } = await s.gql(
      ADJUST,
      {
        key: 'adjust-damaged',
        input: {
          name: 'damaged',
          reason: 'damaged',
          changes: [{ delta: 1, inventoryItemId: itemId, locationId, changeFromQuantity: null }],
        },
      },
      { version: '2026-07' },
    );
    expect(body.data.inventoryAdjustQuantities.userErrors[0].code).toBe(
      'INVALID_QUANTITY_DOCUMENT',
    );
    const ok = await s.gql(
      ADJUST,
      {
        key: 'adjust-damaged-2',
        input: {
          name: 'damaged',
          reason: 'damaged',
          changes: [
            {
              delta: 1,
              inventoryItemId: itemId,
              locationId,
              changeFromQuantity: null,
              ledgerDocumentUri: 'stocksync://damage/1',
            },
          ],
        },
      },
      { version: '2026-07' },
    );
    expect(ok.body.data.inventoryAdjustQuantities.inventoryAdjustmentGroup.changes).toEqual([
      { name: 'damaged', delta: 1, quantityAfterChange: 1 },
      { name: 'on_hand', delta: 1, quantityAfterChange: expect.any(Number) },
    ]);
  });
});

describe('productVariantsBulkUpdate', () => {
  it('updates a SKU through inventoryItem.sku and re-indexes SKU lookups', async () => {
    const shop = s.emulator.shop(SHOP);
    const product = shop.productList[2]!;
    const variantId = product.variantIds[0]!;
    const { body } = await s.gql(
      `mutation($productId: ID!, $variants: [ProductVariantsBulkInput!]!) {
        productVariantsBulkUpdate(productId: $productId, variants: $variants) {
          productVariants { id sku price } userErrors { code field message } } }`,
      {
        productId: `gid://shopify/Product/${product.id}`,
        variants: [
          {
            id: `gid://shopify/ProductVariant/${variantId}`,
            price: '12.50',
            inventoryItem: { sku: 'NEW-SKU-1' },
          },
        ],
      },
    );
    expect(body.data.productVariantsBulkUpdate).toEqual({
      productVariants: [
        { id: `gid://shopify/ProductVariant/${variantId}`, sku: 'NEW-SKU-1', price: '12.50' },
      ],
      userErrors: [],
    });
    const lookup = await s.gql(
      `{ productVariants(first: 5, query: "sku:NEW-SKU-1") { nodes { id } } }`,
    );
    expect(lookup.body.data.productVariants.nodes).toEqual([
      { id: `gid://shopify/ProductVariant/${variantId}` },
    ]);
  });

  it('answers PRODUCT_VARIANT_DOES_NOT_EXIST for a variant of another product', async () => {
    const shop = s.emulator.shop(SHOP);
    const [a, b] = shop.productList;
    const { body } = await s.gql(
      `mutation($productId: ID!, $variants: [ProductVariantsBulkInput!]!) {
        productVariantsBulkUpdate(productId: $productId, variants: $variants) { userErrors { code field } } }`,
      {
        productId: `gid://shopify/Product/${a!.id}`,
        variants: [{ id: `gid://shopify/ProductVariant/${b!.variantIds[0]}`, price: '1.00' }],
      },
    );
    expect(body.data.productVariantsBulkUpdate.userErrors).toEqual([
      { code: 'PRODUCT_VARIANT_DOES_NOT_EXIST', field: ['variants', '0', 'id'] },
    ]);
  });
});
