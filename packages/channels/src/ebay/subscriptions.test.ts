import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { AuthError, ValidationError } from '../port/errors';
import type { ChannelCredentials, WebhookRequest } from '../port/types';
import { DELETION_TOKEN, startEbayHarness, type EbayHarness } from '../contract-tests/ebay-harness';
import { EbayAdapter } from './adapter';

/**
 * ORDER_CONFIRMATION end to end against the emulator over real HTTP: our endpoint answers eBay's
 * challenge (so the destination is accepted), the seller is subscribed with their user token, and
 * a sale arrives as a signed notification that verifies and parses into an order event whose id
 * getOrders resolves.
 */

let h: EbayHarness | undefined;
let server: Server | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

interface Setup {
  harness: EbayHarness;
  adapter: EbayAdapter;
  endpoint: string;
  received: WebhookRequest[];
  credentials: ChannelCredentials;
}

/** The emulator (challenging destinations), our endpoint served by an adapter configured for it. */
async function setup(
  extra: Partial<ConstructorParameters<typeof EbayAdapter>[0]> = {},
  scopes?: string[],
): Promise<Setup> {
  const harness = (h = await startEbayHarness());
  harness.emulator.settings.verifyDestinationEndpoint = true;
  const received: WebhookRequest[] = [];
  // Our endpoint answers challenges with the adapter made once its URL is known.
  const ours: { adapter?: EbayAdapter } = {};
  server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      const hook = { headers: request.headers, rawBody: Buffer.concat(chunks), url: request.url };
      if (request.method === 'GET') {
        const reply = ours.adapter!.webhookChallenge(hook);
        response.writeHead(reply?.status ?? 400, { 'content-type': 'application/json' });
        response.end(JSON.stringify(reply?.body ?? {}));
        return;
      }
      received.push(hook);
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/webhooks/ebay`;
  const adapter = (ours.adapter = new EbayAdapter(
    {
      ...harness.adapter.config,
      ...(scopes && { scopes }),
      deletionEndpoint: endpoint,
      deletionVerificationToken: DELETION_TOKEN,
      ...extra,
    },
    { now: harness.clock.now },
  ));
  const query = await harness.consent(adapter.authoriseUrl(harness.authoriseRequest));
  const credentials = await adapter.exchangeCode({
    query,
    expectedState: harness.authoriseRequest.state,
  });
  return { harness, adapter, endpoint, received, credentials };
}

const saleSku = (s: Setup) =>
  Object.entries(s.harness.emulator.quantities()).find(([, q]) => q > 1)![0];

describe('eBay ORDER_CONFIRMATION registration', () => {
  it('subscribes the seller, and a sale arrives signed, parses to an order event and resolves with getOrders', async () => {
    const s = await setup();
    const ids = await s.adapter.registerWebhooks(s.credentials, s.endpoint);
    const { notifications, settings } = s.harness.emulator;
    expect(notifications.destinations.get(ids.destinationId)).toMatchObject({
      status: 'ENABLED',
      deliveryConfig: { endpoint: s.endpoint, verificationToken: DELETION_TOKEN },
    });
    expect(notifications.subscriptions.get(ids.subscriptionId)).toMatchObject({
      topicId: 'ORDER_CONFIRMATION',
      status: 'ENABLED',
      destinationId: ids.destinationId,
      owner: settings.account.userId,
    });

    const sku = saleSku(s);
    const order = s.harness.emulator.simulateSale({ sku, quantity: 2 });
    await s.harness.emulator.core.webhooks.idle();
    expect(s.received).toHaveLength(1);
    const hook = s.received[0]!;
    expect(await s.adapter.verifyWebhook(hook)).toBe(true);
    expect(await s.adapter.verifyWebhook({ ...hook, rawBody: `${String(hook.rawBody)} ` })).toBe(
      false,
    );
    const event = s.adapter.parseWebhook(hook);
    const payload = JSON.parse(String(hook.rawBody)) as {
      notification: { notificationId: string };
    };
    expect(event).toMatchObject({
      topic: 'ORDER_CONFIRMATION',
      kind: 'order',
      resourceId: order.orderId,
      // The same account key as the deletion event and the connection (Identity userId).
      account: s.credentials.accountId,
      eventId: payload.notification.notificationId,
    });
    const [fetched] = await s.adapter.getOrders(s.credentials, [event.resourceId!]);
    expect(fetched).toMatchObject({ externalId: order.orderId, lines: [{ sku, quantity: 2 }] });
  });

  it('is repeatable on reconnect: reuses the destination and subscription, repairs a disabled or stale one', async () => {
    const s = await setup();
    const first = await s.adapter.registerWebhooks(s.credentials);
    expect(await s.adapter.registerWebhooks(s.credentials)).toEqual(first);
    const { notifications } = s.harness.emulator;
    expect([notifications.destinations.size, notifications.subscriptions.size]).toEqual([1, 1]);

    // eBay disabled our destination (or it was marked down): put back on, same id.
    notifications.destinations.get(first.destinationId)!.status = 'DISABLED';
    // The subscription points elsewhere (say, an old endpoint's destination): replaced.
    notifications.subscriptions.get(first.subscriptionId)!.destinationId = 'old-destination';
    const again = await s.adapter.registerWebhooks(s.credentials);
    expect(again.destinationId).toBe(first.destinationId);
    expect(again.subscriptionId).not.toBe(first.subscriptionId);
    expect(notifications.destinations.get(first.destinationId)!.status).toBe('ENABLED');
    expect([...notifications.subscriptions.values()]).toEqual([
      expect.objectContaining({ destinationId: first.destinationId, status: 'ENABLED' }),
    ]);

    s.harness.emulator.simulateSale({ sku: saleSku(s) });
    await s.harness.emulator.core.webhooks.idle();
    expect(s.received).toHaveLength(1);
  });

  it('sets the alert config when eBay asks for one and an alert email is configured', async () => {
    const s = await setup();
    s.harness.emulator.notifications.alertEmail = undefined;
    await expect(s.adapter.registerWebhooks(s.credentials)).rejects.toMatchObject({
      name: 'ValidationError',
      code: '195003',
    });
    const withEmail = new EbayAdapter(
      { ...s.adapter.config, notificationAlertEmail: 'ops@stocksync.example' },
      { now: s.harness.clock.now },
    );
    await withEmail.registerWebhooks(s.credentials);
    expect(s.harness.emulator.notifications.alertEmail).toBe('ops@stocksync.example');
    expect(s.harness.emulator.notifications.subscriptions.size).toBe(1);
  });

  it('refuses an endpoint other than the configured one, and reports a failed challenge', async () => {
    const s = await setup();
    await expect(
      s.adapter.registerWebhooks(s.credentials, `${s.endpoint}/other`),
    ).rejects.toBeInstanceOf(ValidationError);
    // An adapter whose token is not the one our endpoint answers with: eBay's challenge fails.
    const wrongToken = new EbayAdapter(
      { ...s.adapter.config, deletionVerificationToken: `${DELETION_TOKEN}_x` },
      { now: s.harness.clock.now },
    );
    await expect(wrongToken.registerWebhooks(s.credentials)).rejects.toMatchObject({
      name: 'ValidationError',
      code: '195020',
    });
    expect(s.harness.emulator.notifications.destinations.size).toBe(0);
    const unconfigured = new EbayAdapter(
      { ...s.adapter.config, deletionVerificationToken: undefined },
      { now: s.harness.clock.now },
    );
    await expect(unconfigured.registerWebhooks(s.credentials)).rejects.toThrow(/not configured/);
  });

  it('answers AuthError when the seller never granted the subscription scope', async () => {
    const scope = 'https://api.ebay.com/oauth/api_scope';
    const s = await setup({}, [scope, `${scope}/sell.fulfillment.readonly`]);
    await expect(s.adapter.registerWebhooks(s.credentials)).rejects.toBeInstanceOf(AuthError);
  });
});
