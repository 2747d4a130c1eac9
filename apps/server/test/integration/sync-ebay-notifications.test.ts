import { createSign, generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import type { SignedInUser, TestApp } from '../support/app';
import { DEMO_SHOP, type TestChannels } from '../support/channels';
import {
  masterQty,
  settle,
  startSyncedOrg,
  type LinkedVariant,
  type SyncedOrg,
  type SyncPlatform,
} from '../support/synced-org';

/**
 * eBay sales pushed by the Notification API (ORDER_CONFIRMATION) instead of found by polling: the
 * three accounts connected over real HTTP (eBay's connect creates the destination, which eBay
 * checks with a challenge to our endpoint, and subscribes the seller), catalogues imported, sync on,
 * and the eBay order poll pushed a day away so only the notification can bring a sale in time.
 */

vi.setConfig({ testTimeout: 60_000 });

const POLL_INTERVAL_MS = 24 * 3_600_000;

let org: SyncedOrg;
let t: TestApp;
let ch: TestChannels;
let user: SignedInUser;
let base: string;
let pc: Record<SyncPlatform, string>;
let linked: LinkedVariant[];

const NO_FAULTS = { dropWebhookRate: 0, duplicateWebhookRate: 0 };
const quiesce = () => settle(org);

const master = (variantId: string) => masterQty(org, variantId);

/** The master and what each emulator holds for the SKU (Shopify: all locations together). */
async function quantities(variantId: string, sku: string) {
  const shop = ch.shopify.shop(DEMO_SHOP);
  let shopify = 0;
  for (const variant of shop.variantsBySku(sku))
    for (const level of shop.items.get(variant.inventoryItemId)?.levels.values() ?? [])
      shopify += level.quantities.available;
  const tiktok = ch.tiktok.store;
  return {
    master: await master(variantId),
    shopify,
    ebay: ch.ebay.store.quantityOf(sku) ?? NaN,
    tiktok: tiktok.total(tiktok.resolve({ sellerSku: sku }).sku),
  };
}

const less = (q: Awaited<ReturnType<typeof quantities>>, n: number) => ({
  master: q.master - n,
  shopify: q.shopify - n,
  ebay: q.ebay - n,
  tiktok: q.tiktok - n,
});

async function orderEntries(variantId: string) {
  return t.db.db
    .selectFrom('inventory_ledger')
    .selectAll()
    .where('variant_id', '=', variantId)
    .where('cause', '=', 'order')
    .orderBy('id')
    .execute();
}

async function ebayEvents() {
  return t.db.db
    .selectFrom('processed_webhook_events')
    .selectAll()
    .where('provider', '=', 'ebay')
    .execute();
}

/** getOrders calls eBay answered since `from` (recorder index): how the orders were read. */
const fulfillmentCalls = (from: number) =>
  ch.ebay.core.recorder
    .list({ pathIncludes: '/sell/fulfillment/v1/order' })
    .slice(from)
    .map((r) => decodeURIComponent(r.path));

let pick = 0;
async function freshVariant(): Promise<LinkedVariant> {
  for (let tries = 0; tries < linked.length * 2; tries++) {
    const candidate = linked[pick++ % linked.length]!;
    if ((await master(candidate.variantId)) >= 5) return candidate;
  }
  throw new Error('no linked variant with stock left');
}

beforeAll(async () => {
  org = await startSyncedOrg({
    syncSettings: { pollIntervalMs: POLL_INTERVAL_MS },
    // As eBay does: the destination is accepted only once our endpoint answers the challenge.
    beforeConnect: (channels) => (channels.ebay.settings.verifyDestinationEndpoint = true),
  });
  ({ t, ch, user, base, pc, linked } = org);
  expect(linked.length).toBeGreaterThanOrEqual(4);
  // Starts the eBay order watch; its next run is a day away.
  await t.app.services.sync.orders.poll(pc.ebay);
  await quiesce();
}, 120_000);

afterAll(() => org?.close());

beforeEach(() => ch.ebay.core.setFaults(NO_FAULTS));

describe('eBay ORDER_CONFIRMATION notifications', () => {
  it('are subscribed on connect: our endpoint passed the challenge, no error logged', async () => {
    const { destinations, subscriptions } = ch.ebay.notifications;
    expect([...destinations.values()]).toEqual([
      expect.objectContaining({
        status: 'ENABLED',
        deliveryConfig: expect.objectContaining({
          endpoint: `${base}/v1/webhooks/ebay/account-deletion`,
        }),
      }),
    ]);
    expect([...subscriptions.values()]).toEqual([
      expect.objectContaining({ topicId: 'ORDER_CONFIRMATION', status: 'ENABLED' }),
    ]);
    const errors = await t.db.db
      .selectFrom('activity_logs')
      .select(['activity', 'note'])
      .where('organization_id', '=', user.firstOrgId)
      .where('status', '=', 'error')
      .execute();
    expect(errors).toEqual([]);
  });

  it('bring a sale on eBay to Shopify and TikTok Shop without waiting for the poll', async () => {
    const { variantId, sku } = await freshVariant();
    const before = await quantities(variantId, sku);
    const calls = ch.ebay.core.recorder.list({ pathIncludes: '/sell/fulfillment/v1/order' }).length;
    const order = ch.ebay.simulateSale({ sku, quantity: 2 });
    await quiesce();

    expect(await quantities(variantId, sku)).toEqual(less(before, 2));
    expect((await orderEntries(variantId)).at(-1)).toMatchObject({
      delta: -2,
      connection_id: pc.ebay,
      reference: order.orderId,
    });
    expect((await ebayEvents()).map((e) => e.topic)).toContain('ORDER_CONFIRMATION');
    // The order was fetched by id (the notification), never by a lastmodifieddate poll.
    expect(fulfillmentCalls(calls)).toEqual([expect.stringContaining(`orderIds=${order.orderId}`)]);
    const poll = await sql<{ run_at: Date }>`
      SELECT run_at FROM graphile_worker.jobs WHERE key = ${`poll:${pc.ebay}`}`.execute(t.db.db);
    expect(poll.rows[0]!.run_at.getTime()).toBeGreaterThan(Date.now() + POLL_INTERVAL_MS / 2);
  });

  it('count a duplicated notification once, and a later poll of the same order adds nothing', async () => {
    const { variantId, sku } = await freshVariant();
    const before = await quantities(variantId, sku);
    const entries = (await orderEntries(variantId)).length;
    const events = (await ebayEvents()).length;
    const delivered = ch.ebay.core.webhooks.log.length;
    ch.ebay.core.setFaults({ duplicateWebhookRate: 1 });
    ch.ebay.simulateSale({ sku, quantity: 1 });
    await quiesce();

    const sent = ch.ebay.core.webhooks.log.slice(delivered);
    expect(sent.map((d) => d.status)).toEqual([200, 200]);
    expect((await ebayEvents()).length).toBe(events + 1);
    expect(await quantities(variantId, sku)).toEqual(less(before, 1));
    expect((await orderEntries(variantId)).length).toBe(entries + 1);

    // The safety net reads the same order again: applied once by its key.
    await t.app.services.sync.orders.poll(pc.ebay);
    await quiesce();
    expect(await quantities(variantId, sku)).toEqual(less(before, 1));
    expect((await orderEntries(variantId)).length).toBe(entries + 1);
  });

  it('leave a dropped notification to the order poll, which still brings the sale in', async () => {
    const { variantId, sku } = await freshVariant();
    const before = await quantities(variantId, sku);
    ch.ebay.core.setFaults({ dropWebhookRate: 1 });
    ch.ebay.simulateSale({ sku, quantity: 1 });
    await quiesce();
    expect((await quantities(variantId, sku)).master).toBe(before.master);
    await t.app.services.sync.orders.poll(pc.ebay);
    await quiesce();
    expect(await quantities(variantId, sku)).toEqual(less(before, 1));
  });

  it('refuse a notification with a bad signature with 401 and change nothing', async () => {
    const { variantId, sku } = await freshVariant();
    const before = await quantities(variantId, sku);
    // A real order on eBay (made on the store directly, so eBay announces nothing itself).
    const order = ch.ebay.store.sale({ sku, quantity: 1 });
    const body = JSON.stringify({
      metadata: { topic: 'ORDER_CONFIRMATION', schemaVersion: '1.0', deprecated: false },
      notification: {
        notificationId: 'forged-order-1',
        eventDate: new Date().toISOString(),
        publishDate: new Date().toISOString(),
        publishAttemptCount: 1,
        data: {
          orderId: order.orderId,
          username: ch.ebay.settings.account.username,
          userId: ch.ebay.settings.account.userId,
        },
      },
    });
    // eBay's key id, signed with another key.
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    const signature = createSign('sha1').update(body).sign(privateKey).toString('base64');
    const header = Buffer.from(
      JSON.stringify({ alg: 'ecdsa', kid: ch.ebay.signer.keyId, signature, digest: 'SHA1' }),
    ).toString('base64');
    const events = await ebayEvents();
    const answer = await fetch(`${base}/v1/webhooks/ebay/account-deletion`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-ebay-signature': header },
      body,
    });
    expect(answer.status).toBe(401);
    await quiesce();
    expect(await ebayEvents()).toEqual(events);
    const pending = await t.db.db
      .selectFrom('pending_channel_orders')
      .selectAll()
      .where('connection_id', '=', pc.ebay)
      .execute();
    expect(pending).toEqual([]);
    // eBay itself sold one; nothing reached StockSync or the other channels.
    expect(await quantities(variantId, sku)).toEqual({ ...before, ebay: before.ebay - 1 });
  });
});
