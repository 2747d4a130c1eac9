import '@shopify/shopify-api/adapters/node';
import { ApiVersion, shopifyApi } from '@shopify/shopify-api';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_APP } from './config';
import { verifyWebhookHmac } from './hmac';
import { SHOP, startReceiver, startShopify, waitFor, type Started } from './test-support';

let s: Started;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let compliance: Awaited<ReturnType<typeof startReceiver>>;
const shopify = shopifyApi({
  apiKey: SANDBOX_APP.clientId,
  apiSecretKey: SANDBOX_APP.clientSecret,
  hostName: 'app.example.com',
  apiVersion: ApiVersion.July26,
  isEmbeddedApp: false,
  logger: { level: 0 },
});

beforeAll(async () => {
  receiver = await startReceiver();
  compliance = await startReceiver();
  s = await startShopify({
    products: 5,
    rateLimiting: false,
    app: {
      webhooks: [
        {
          topics: ['customers/data_request', 'customers/redact', 'shop/redact'],
          uri: `${compliance.url}/compliance`,
        },
      ],
    },
  });
  for (const topic of [
    'ORDERS_CREATE',
    'INVENTORY_LEVELS_UPDATE',
    'PRODUCTS_UPDATE',
    'APP_UNINSTALLED',
    'BULK_OPERATIONS_FINISH',
  ]) {
    const { body } = await s.gql(
      `mutation($topic: WebhookSubscriptionTopic!, $sub: WebhookSubscriptionInput!) {
        webhookSubscriptionCreate(topic: $topic, webhookSubscription: $sub) { webhookSubscription { id topic uri } userErrors { field message } } }`,
      { topic, sub: { uri: `${receiver.url}/webhooks`, format: 'JSON' } },
    );
    expect(body.data.webhookSubscriptionCreate.userErrors).toEqual([]);
    expect(body.data.webhookSubscriptionCreate.webhookSubscription.topic).toBe(topic);
  }
});
afterEach(() => {
  receiver.received.length = 0;
  s.emulator.core.setFaults({ dropWebhookRate: 0, duplicateWebhookRate: 0 });
});
afterAll(async () => {
  await s.emulator.close();
  await receiver.close();
  await compliance.close();
});

async function validBySdk(hook: { headers: Record<string, unknown>; body: string; url: string }) {
  const result = await shopify.webhooks.validate({
    rawBody: hook.body,
    rawRequest: { headers: hook.headers, method: 'POST', url: hook.url } as never,
    rawResponse: {} as never,
  });
  return result;
}

describe('webhooks', () => {
  it('lists and deletes subscriptions, rejecting duplicates', async () => {
    const { body } = await s.gql(
      `{ webhookSubscriptions(first: 10, topics: [ORDERS_CREATE]) { nodes { id topic uri callbackUrl apiVersion { handle } endpoint { __typename ... on WebhookHttpEndpoint { callbackUrl } } } } }`,
    );
    expect(body.data.webhookSubscriptions.nodes).toEqual([
      {
        id: expect.stringMatching(/^gid:\/\/shopify\/WebhookSubscription\/\d+$/),
        topic: 'ORDERS_CREATE',
        uri: `${receiver.url}/webhooks`,
        callbackUrl: `${receiver.url}/webhooks`,
        apiVersion: { handle: '2026-07' },
        endpoint: { __typename: 'WebhookHttpEndpoint', callbackUrl: `${receiver.url}/webhooks` },
      },
    ]);
    const duplicate = await s.gql(
      `mutation { webhookSubscriptionCreate(topic: ORDERS_CREATE, webhookSubscription: { uri: "${receiver.url}/webhooks" }) { userErrors { message } } }`,
    );
    expect(duplicate.body.data.webhookSubscriptionCreate.userErrors[0].message).toBe(
      'Address for this topic has already been taken',
    );
    const extra = await s.gql(
      `mutation { webhookSubscriptionCreate(topic: PRODUCTS_CREATE, webhookSubscription: { callbackUrl: "${receiver.url}/other" }) { webhookSubscription { id } } }`,
    );
    const id = extra.body.data.webhookSubscriptionCreate.webhookSubscription.id;
    const deleted = await s.gql(
      `mutation($id: ID!) { webhookSubscriptionDelete(id: $id) { deletedWebhookSubscriptionId userErrors { message } } }`,
      { id },
    );
    expect(deleted.body.data.webhookSubscriptionDelete).toEqual({
      deletedWebhookSubscriptionId: id,
      userErrors: [],
    });
  });

  it('delivers orders/create and inventory_levels/update for a sale with real headers and a valid HMAC', async () => {
    const shop = s.emulator.shop(SHOP);
    const item = shop.itemList.find((i) => i.sku && i.levels.size)!;
    const level = [...item.levels.values()][0]!;
    const before = level.quantities.available;
    const { orderId } = s.emulator.simulateSale(SHOP, { lines: [{ sku: item.sku, quantity: 2 }] });
    await s.emulator.settle();
    const topics = receiver.received.map((r) => r.headers['x-shopify-topic']);
    expect(topics).toEqual(['orders/create', 'inventory_levels/update']);
    for (const hook of receiver.received) {
      expect(hook.headers['content-type']).toBe('application/json');
      expect(hook.headers['x-shopify-shop-domain']).toBe(SHOP);
      expect(hook.headers['x-shopify-api-version']).toBe('2026-07');
      expect(hook.headers['x-shopify-webhook-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(hook.headers['x-shopify-event-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(new Date(String(hook.headers['x-shopify-triggered-at'])).getTime()).not.toBeNaN();
      expect(
        verifyWebhookHmac(
          SANDBOX_APP.clientSecret,
          hook.body,
          String(hook.headers['x-shopify-hmac-sha256']),
        ),
      ).toBe(true);
      const result = await validBySdk(hook as never);
      expect(result).toMatchObject({ valid: true, domain: SHOP, apiVersion: '2026-07' });
    }
    const order = JSON.parse(receiver.received[0]!.body);
    expect(order).toMatchObject({
      id: orderId,
      admin_graphql_api_id: `gid://shopify/Order/${orderId}`,
    });
    expect(order.line_items[0]).toMatchObject({
      sku: item.sku,
      quantity: 2,
      variant_id: item.variantId,
    });
    expect(JSON.parse(receiver.received[1]!.body)).toEqual({
      inventory_item_id: item.id,
      location_id: level.locationId,
      available: before - 2,
      updated_at: expect.any(String),
      admin_graphql_api_id: `gid://shopify/InventoryLevel/${level.locationId}?inventory_item_id=${item.id}`,
    });
    // committed took the sold units, on_hand stays.
    expect(level.quantities.committed).toBeGreaterThanOrEqual(2);
    // A tampered body fails the SDK check.
    const tampered = {
      ...receiver.received[1]!,
      body: receiver.received[1]!.body.replace(/"available":-?\d+/, '"available":999'),
    };
    expect((await validBySdk(tampered as never)).valid).toBe(false);
  });

  it('reports a stock edit made in the Shopify admin and a product edit', async () => {
    const shop = s.emulator.shop(SHOP);
    const item = shop.itemList.find((i) => i.sku)!;
    s.emulator.adminSetAvailable(SHOP, { sku: item.sku, available: 77 });
    s.emulator.adminUpdateProduct(SHOP, shop.variants.get(item.variantId)!.productId, {
      title: 'Renamed',
    });
    await s.emulator.settle();
    expect(receiver.received.map((r) => r.headers['x-shopify-topic'])).toEqual([
      'inventory_levels/update',
      'products/update',
    ]);
    expect(JSON.parse(receiver.received[0]!.body).available).toBe(77);
    const product = JSON.parse(receiver.received[1]!.body);
    expect(product.title).toBe('Renamed');
    expect(product.variants.map((v: { sku: string }) => v.sku)).toContain(item.sku);
  });

  it('reports a SKU change made through the API (products/update, inventory_items/update)', async () => {
    await s.gql(
      `mutation { webhookSubscriptionCreate(topic: INVENTORY_ITEMS_UPDATE, webhookSubscription: { uri: "${receiver.url}/items" }) { userErrors { message } } }`,
    );
    const shop = s.emulator.shop(SHOP);
    const product = shop.productList[1]!;
    const variant = shop.variants.get(product.variantIds[0]!)!;
    const { body } = await s.gql(
      `mutation($p: ID!, $v: [ProductVariantsBulkInput!]!) { productVariantsBulkUpdate(productId: $p, variants: $v) { userErrors { message } } }`,
      {
        p: `gid://shopify/Product/${product.id}`,
        v: [
          { id: `gid://shopify/ProductVariant/${variant.id}`, inventoryItem: { sku: 'RENAMED-1' } },
        ],
      },
    );
    expect(body.data.productVariantsBulkUpdate.userErrors).toEqual([]);
    await s.emulator.settle();
    const byTopic = new Map(
      receiver.received.map((r) => [r.headers['x-shopify-topic'], JSON.parse(r.body)]),
    );
    expect(byTopic.get('inventory_items/update')).toMatchObject({
      id: variant.inventoryItemId,
      sku: 'RENAMED-1',
    });
    expect(byTopic.get('products/update').variants[0]).toMatchObject({
      id: variant.id,
      sku: 'RENAMED-1',
    });
  });

  it('keeps the same webhook id on duplicated deliveries and retries failures', async () => {
    s.emulator.core.setFaults({ duplicateWebhookRate: 1 });
    s.emulator.adminSetAvailable(SHOP, {
      sku: s.emulator.shop(SHOP).itemList.find((i) => i.sku)!.sku,
      available: 5,
    });
    await s.emulator.settle();
    expect(receiver.received).toHaveLength(2);
    expect(receiver.received[0]!.headers['x-shopify-webhook-id']).toBe(
      receiver.received[1]!.headers['x-shopify-webhook-id'],
    );
    expect(receiver.received[0]!.body).toBe(receiver.received[1]!.body);

    s.emulator.core.setFaults({ duplicateWebhookRate: 0 });
    receiver.received.length = 0;
    let calls = 0;
    const flaky = await startReceiver(() => (++calls === 1 ? 500 : 200));
    await s.gql(
      `mutation { webhookSubscriptionCreate(topic: INVENTORY_LEVELS_UPDATE, webhookSubscription: { uri: "${flaky.url}/hooks" }) { userErrors { message } } }`,
    );
    s.emulator.adminSetAvailable(SHOP, {
      sku: s.emulator.shop(SHOP).itemList.find((i) => i.sku)!.sku,
      available: 6,
    });
    await s.emulator.settle();
    expect(flaky.received).toHaveLength(2);
    expect(flaky.received[0]!.headers['x-shopify-webhook-id']).toBe(
      flaky.received[1]!.headers['x-shopify-webhook-id'],
    );
    await flaky.close();

    s.emulator.core.setFaults({ dropWebhookRate: 1 });
    receiver.received.length = 0;
    s.emulator.adminSetAvailable(SHOP, {
      sku: s.emulator.shop(SHOP).itemList.find((i) => i.sku)!.sku,
      available: 7,
    });
    await s.emulator.settle();
    expect(receiver.received).toHaveLength(0);
  });

  it('sends bulk_operations/finish', async () => {
    await s.gql(
      `mutation { bulkOperationRunQuery(query: "{ products { edges { node { id } } } }") { userErrors { message } } }`,
    );
    const hook = await waitFor(() =>
      receiver.received.find((r) => r.headers['x-shopify-topic'] === 'bulk_operations/finish'),
    );
    expect(JSON.parse(hook.body)).toMatchObject({
      status: 'completed',
      type: 'query',
      error_code: null,
    });
  });

  it('sends compliance topics to the app-wide subscriptions and app/uninstalled on uninstall', async () => {
    s.emulator.sendCompliance(SHOP, 'customers/data_request', {
      customerId: 5,
      email: 'a@example.com',
      orderIds: [1],
    });
    s.emulator.sendCompliance(SHOP, 'customers/redact');
    await s.emulator.settle();
    expect(compliance.received.map((r) => r.headers['x-shopify-topic'])).toEqual([
      'customers/data_request',
      'customers/redact',
    ]);
    const request = JSON.parse(compliance.received[0]!.body);
    expect(request).toMatchObject({
      shop_domain: SHOP,
      customer: { id: 5, email: 'a@example.com' },
      orders_requested: [1],
      data_request: { id: expect.any(Number) },
    });
    for (const hook of compliance.received)
      expect((await validBySdk(hook as never)).valid).toBe(true);

    s.emulator.uninstall(SHOP);
    s.emulator.sendCompliance(SHOP, 'shop/redact');
    await s.emulator.settle();
    const uninstalled = receiver.received.find(
      (r) => r.headers['x-shopify-topic'] === 'app/uninstalled',
    )!;
    expect(JSON.parse(uninstalled.body)).toMatchObject({ myshopify_domain: SHOP, domain: SHOP });
    expect(compliance.received.map((r) => r.headers['x-shopify-topic'])).toContain('shop/redact');
    // Uninstalling removes the app's webhook subscriptions.
    expect(s.emulator.shop(SHOP).webhookSubscriptions.size).toBe(0);
  });
});
