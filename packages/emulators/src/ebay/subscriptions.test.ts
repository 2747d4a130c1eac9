import { createHash, createVerify } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startReceiver, type Received } from '../core/test-receiver';
import { createEbayEmulator, EBAY_SCOPES, type EbayEmulator } from './index';

/**
 * The Notification API over real HTTP: destinations (application token, endpoint challenge),
 * the seller's ORDER_CONFIRMATION subscription (user token), and the signed notification every sale
 * sends through core's webhook sender (retries, drop/duplicate faults).
 */

const TOKEN = 'stocksync_notification_token_0123456789_abc';
const N = '/commerce/notification/v1';

let ebay: EbayEmulator;
let base: string;
let appToken: string;
let userToken: string;
/** Answers eBay's challenge for `${url}/hooks` with TOKEN, 204 to every POST. */
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let endpoint: string;

const basic = () =>
  `Basic ${Buffer.from(`${ebay.settings.clientId}:${ebay.settings.clientSecret}`).toString('base64')}`;

async function token(body: Record<string, string>): Promise<string> {
  const res = await fetch(`${base}/identity/v1/oauth2/token`, {
    method: 'POST',
    headers: { authorization: basic(), 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(body).toString(),
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

async function api(
  bearer: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: Record<string, unknown>; location: string | null }> {
  const res = await fetch(`${base}${N}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${bearer}`,
      ...(body !== undefined && { 'content-type': 'application/json' }),
    },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return {
    status: res.status,
    json: text ? (JSON.parse(text) as Record<string, unknown>) : {},
    location: res.headers.get('location'),
  };
}

const errorId = (json: Record<string, unknown>) =>
  (json.errors as Array<{ errorId: number }> | undefined)?.[0]?.errorId;

const destinationBody = (url = endpoint, verificationToken = TOKEN) => ({
  name: 'stocksync',
  status: 'ENABLED',
  deliveryConfig: { endpoint: url, verificationToken },
});
const subscriptionBody = (destinationId: string) => ({
  topicId: 'ORDER_CONFIRMATION',
  status: 'ENABLED',
  destinationId,
  payload: { format: 'JSON', schemaVersion: '1.0', deliveryProtocol: 'HTTPS' },
});

async function subscribe(): Promise<{ destinationId: string; subscriptionId: string }> {
  const destination = await api(appToken, 'POST', '/destination', destinationBody());
  expect(destination.status).toBe(201);
  const destinationId = destination.location!.split('/').at(-1)!;
  const subscription = await api(
    userToken,
    'POST',
    '/subscription',
    subscriptionBody(destinationId),
  );
  expect(subscription.status).toBe(201);
  return { destinationId, subscriptionId: subscription.location!.split('/').at(-1)! };
}

const posts = () => receiver.received.filter((r) => r.method === 'POST');
const payloadOf = (r: Received) =>
  JSON.parse(r.body) as {
    metadata: { topic: string; schemaVersion: string };
    notification: {
      notificationId: string;
      publishAttemptCount: number;
      data: { orderId: string; lineItemId: string; username: string; userId: string };
    };
  };
const saleSku = () => Object.entries(ebay.quantities()).find(([, q]) => q > 2)![0];

beforeAll(async () => {
  ebay = createEbayEmulator({ catalogue: { products: 4 } });
  base = await ebay.listen();
  receiver = await startReceiver((req, res) => {
    if (req.method === 'GET') {
      const code = new URL(req.url, 'http://x').searchParams.get('challenge_code') ?? '';
      const hash = createHash('sha256').update(code).update(TOKEN).update(endpoint).digest('hex');
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ challengeResponse: hash }));
    } else res.writeHead(204).end();
  });
  endpoint = `${receiver.url}/hooks`;
});
afterAll(async () => {
  await ebay.close();
  await receiver.close();
});

async function fresh() {
  ebay.reset();
  ebay.settings.verifyDestinationEndpoint = true;
  receiver.received.length = 0;
  appToken = await token({
    grant_type: 'client_credentials',
    scope: 'https://api.ebay.com/oauth/api_scope',
  });
  const { code } = ebay.authorize({ scopes: [...EBAY_SCOPES] });
  userToken = await token({
    grant_type: 'authorization_code',
    code,
    redirect_uri: ebay.settings.ruName,
  });
}
afterEach(() => {
  ebay.settings.verifyDestinationEndpoint = false;
});

describe('destinations', () => {
  it('creates one after the endpoint answers the challenge, with its id in Location', async () => {
    await fresh();
    const created = await api(appToken, 'POST', '/destination', destinationBody());
    expect(created.status).toBe(201);
    expect(created.location).toMatch(new RegExp(`^${base}${N}/destination/[0-9a-f]+$`));
    expect(receiver.received[0]).toMatchObject({ method: 'GET' });
    expect(receiver.received[0]!.url).toMatch(/^\/hooks\?challenge_code=[0-9a-f]+$/);

    const id = created.location!.split('/').at(-1)!;
    expect((await api(appToken, 'GET', `/destination/${id}`)).json).toEqual({
      destinationId: id,
      ...destinationBody(),
    });
    const list = await api(appToken, 'GET', '/destination?limit=10');
    expect(list.json).toMatchObject({ total: 1, limit: 10, destinations: [{ destinationId: id }] });
    expect(list.json.next).toBeUndefined();

    // One destination per endpoint.
    const again = await api(appToken, 'POST', '/destination', destinationBody());
    expect([again.status, errorId(again.json)]).toEqual([409, 195021]);
  });

  it('refuses an endpoint that fails the challenge, a bad token, a user token, and no alert config', async () => {
    await fresh();
    const wrong = await api(appToken, 'POST', '/destination', destinationBody(`${endpoint}/other`));
    expect([wrong.status, errorId(wrong.json)]).toEqual([409, 195020]);
    const badToken = await api(
      appToken,
      'POST',
      '/destination',
      destinationBody(endpoint, 'short'),
    );
    expect([badToken.status, errorId(badToken.json)]).toEqual([400, 195019]);
    const asUser = await api(userToken, 'POST', '/destination', destinationBody());
    expect([asUser.status, errorId(asUser.json)]).toEqual([403, 1100]);
    const badLimit = await api(appToken, 'GET', '/destination?limit=5');
    expect([badLimit.status, errorId(badLimit.json)]).toEqual([400, 195004]);

    ebay.notifications.alertEmail = undefined;
    const noConfig = await api(appToken, 'POST', '/destination', destinationBody());
    expect([noConfig.status, errorId(noConfig.json)]).toEqual([409, 195003]);
    expect((await api(appToken, 'GET', '/config')).status).toBe(404);
    expect((await api(appToken, 'PUT', '/config', { alertEmail: 'ops@example.com' })).status).toBe(
      204,
    );
    expect((await api(appToken, 'GET', '/config')).json).toEqual({ alertEmail: 'ops@example.com' });
    expect((await api(appToken, 'POST', '/destination', destinationBody())).status).toBe(201);
    expect(ebay.notifications.destinations.size).toBe(1);
  });
});

describe('subscriptions', () => {
  it('subscribes the seller once per topic, lists, gets and deletes with the user token', async () => {
    await fresh();
    const { destinationId, subscriptionId } = await subscribe();
    const list = await api(userToken, 'GET', '/subscription');
    expect(list.json).toMatchObject({
      total: 1,
      subscriptions: [
        { subscriptionId, topicId: 'ORDER_CONFIRMATION', status: 'ENABLED', destinationId },
      ],
    });
    expect(list.json.subscriptions).toEqual([
      expect.not.objectContaining({ owner: expect.anything() }),
    ]);
    expect((await api(userToken, 'GET', `/subscription/${subscriptionId}`)).json).toMatchObject({
      subscriptionId,
      payload: { format: 'JSON', schemaVersion: '1.0', deliveryProtocol: 'HTTPS' },
    });

    const twice = await api(userToken, 'POST', '/subscription', subscriptionBody(destinationId));
    expect([twice.status, errorId(twice.json)]).toEqual([409, 195012]);
    const asApp = await api(appToken, 'POST', '/subscription', subscriptionBody(destinationId));
    expect(asApp.status).toBe(403);
    const unknownTopic = await api(userToken, 'POST', '/subscription', {
      ...subscriptionBody(destinationId),
      topicId: 'ITEM_SOLD',
    });
    expect([unknownTopic.status, errorId(unknownTopic.json)]).toEqual([400, 195027]);
    const noDestination = await api(userToken, 'POST', '/subscription', subscriptionBody('nope'));
    expect([noDestination.status, errorId(noDestination.json)]).toEqual([400, 195007]);

    expect((await api(userToken, 'DELETE', `/subscription/${subscriptionId}`)).status).toBe(204);
    const gone = await api(userToken, 'GET', `/subscription/${subscriptionId}`);
    expect([gone.status, errorId(gone.json)]).toEqual([404, 195013]);
    // Deleted: it can be created again (what a reconnect does when it finds a stale one).
    expect(
      (await api(userToken, 'POST', '/subscription', subscriptionBody(destinationId))).status,
    ).toBe(201);
  });

  it('cannot enable a subscription to a disabled destination', async () => {
    await fresh();
    const created = await api(appToken, 'POST', '/destination', {
      ...destinationBody(),
      status: 'DISABLED',
    });
    const id = created.location!.split('/').at(-1)!;
    const refused = await api(userToken, 'POST', '/subscription', subscriptionBody(id));
    expect([refused.status, errorId(refused.json)]).toEqual([409, 195015]);
  });
});

describe('ORDER_CONFIRMATION on each sale', () => {
  it('sends a signed notification per line item naming the order and the seller', async () => {
    await fresh();
    await subscribe();
    const order = ebay.simulateSale({ sku: saleSku(), quantity: 2 });
    await ebay.core.webhooks.idle();
    expect(posts()).toHaveLength(1);
    const got = posts()[0]!;
    expect(got.url).toBe('/hooks');
    expect(got.headers['content-type']).toBe('application/json');
    const payload = payloadOf(got);
    expect(payload.metadata).toEqual({
      topic: 'ORDER_CONFIRMATION',
      schemaVersion: '1.0',
      deprecated: false,
    });
    expect(payload.notification).toMatchObject({
      notificationId: expect.any(String),
      publishAttemptCount: 1,
      data: {
        orderId: order.orderId,
        lineItemId: order.lineItems![0]!.lineItemId,
        username: ebay.settings.account.username,
        userId: ebay.settings.account.userId,
      },
    });

    const header = JSON.parse(
      Buffer.from(String(got.headers['x-ebay-signature']), 'base64').toString('utf8'),
    ) as { kid: string; signature: string };
    const key = await api(appToken, 'GET', `/public_key/${header.kid}`);
    expect(
      createVerify('sha1')
        .update(got.body)
        .verify(String(key.json.key), header.signature, 'base64'),
    ).toBe(true);

    // The receiver's next step: getOrders with the order id.
    const orders = await fetch(`${base}/sell/fulfillment/v1/order?orderIds=${order.orderId}`, {
      headers: { authorization: `Bearer ${userToken}` },
    });
    expect(((await orders.json()) as { orders: Array<{ orderId: string }> }).orders).toEqual([
      expect.objectContaining({ orderId: order.orderId }),
    ]);
  });

  it('announces sales made through the control route too, and none once unsubscribed or disabled', async () => {
    await fresh();
    const { destinationId, subscriptionId } = await subscribe();
    const sold = await fetch(`${base}/_emulator/sale`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ sku: saleSku(), quantity: 1 }),
    });
    const order = (await sold.json()) as { orderId: string };
    await ebay.core.webhooks.idle();
    expect(posts().map((r) => payloadOf(r).notification.data.orderId)).toEqual([order.orderId]);

    const disabled = await api(appToken, 'PUT', `/destination/${destinationId}`, {
      ...destinationBody(),
      status: 'DISABLED',
    });
    expect(disabled.status).toBe(204);
    ebay.simulateSale({ sku: saleSku() });
    await ebay.core.webhooks.idle();
    expect(posts()).toHaveLength(1);

    await api(appToken, 'PUT', `/destination/${destinationId}`, destinationBody());
    await api(userToken, 'DELETE', `/subscription/${subscriptionId}`);
    ebay.simulateSale({ sku: saleSku() });
    await ebay.core.webhooks.idle();
    expect(posts()).toHaveLength(1);
  });

  it('applies duplicate and drop faults like the other webhooks, and retries a failed delivery', async () => {
    await fresh();
    await subscribe();
    ebay.core.setFaults({ duplicateWebhookRate: 1 });
    ebay.simulateSale({ sku: saleSku() });
    await ebay.core.webhooks.idle();
    const [a, b] = posts().map((r) => payloadOf(r).notification.notificationId);
    expect(posts()).toHaveLength(2);
    expect(a).toBe(b);

    ebay.core.setFaults({ duplicateWebhookRate: 0, dropWebhookRate: 1 });
    ebay.simulateSale({ sku: saleSku() });
    await ebay.core.webhooks.idle();
    expect(posts()).toHaveLength(2);
    ebay.core.setFaults({ dropWebhookRate: 0 });

    // Held notifications go out late, once released over the control API.
    ebay.core.setFaults({ holdWebhooks: true });
    ebay.simulateSale({ sku: saleSku() });
    await ebay.core.webhooks.idle();
    expect(posts()).toHaveLength(2);
    ebay.core.setFaults({ holdWebhooks: false });
    const released = await fetch(`${base}/_emulator/webhooks/release`, { method: 'POST' });
    expect(await released.json()).toEqual({ released: 1 });
    await ebay.core.webhooks.idle();
    expect(posts()).toHaveLength(3);

    // A receiver that answers 503 once gets the same notification again.
    const flaky = await startReceiver((req, res) =>
      res.writeHead(flaky.received.length === 1 ? 503 : 200).end(),
    );
    try {
      ebay.settings.verifyDestinationEndpoint = false;
      const dest = await api(appToken, 'POST', '/destination', destinationBody(`${flaky.url}/x`));
      const [existing] = (await api(userToken, 'GET', '/subscription')).json
        .subscriptions as Array<{
        subscriptionId: string;
      }>;
      await api(userToken, 'DELETE', `/subscription/${existing!.subscriptionId}`);
      await api(
        userToken,
        'POST',
        '/subscription',
        subscriptionBody(dest.location!.split('/').at(-1)!),
      );
      ebay.simulateSale({ sku: saleSku() });
      await ebay.core.webhooks.idle();
      expect(flaky.received).toHaveLength(2);
      expect(flaky.received[0]!.body).toBe(flaky.received[1]!.body);
      expect(ebay.core.webhooks.log.slice(-2).map((d) => d.status)).toEqual([503, 200]);
    } finally {
      await flaky.close();
    }
  });
});
