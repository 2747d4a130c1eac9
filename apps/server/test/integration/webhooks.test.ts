import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createQueue, type Queue } from '../../src/jobs/queue';
import { freePort, runDueJobs } from '../support/jobs';
import { createTestApp, signIn, type TestApp } from '../support/app';
import {
  connectOAuth,
  connectShopify,
  DEMO_SHOP,
  startTestChannels,
  type TestChannels,
} from '../support/channels';

let t: TestApp;
let ch: TestChannels;
let queue: Queue;
let base: string;

// The app listens on a real port so the emulators deliver their signed webhooks over HTTP.
beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  ch = await startTestChannels({ appUrl: base });
  t = await createTestApp({ channels: ch.channels, config: { APP_URL: base } });
  queue = await createQueue(t.db.pool);
  await t.app.listen({ port, host: '127.0.0.1' });
});
afterAll(async () => {
  await queue?.close();
  await t?.close();
  await ch?.close();
});

const runJobs = () => runDueJobs(t);

async function events() {
  return t.db.db.selectFrom('processed_webhook_events').selectAll().execute();
}

const status = async (id: string) =>
  (
    await t.db.db
      .selectFrom('platform_connections')
      .select('status')
      .where('id', '=', id)
      .executeTakeFirst()
  )?.status;

describe('Shopify webhooks', () => {
  it('refuses a bad HMAC with 401 and records nothing', async () => {
    const before = await events();
    const body = JSON.stringify({ id: 1, domain: DEMO_SHOP });
    const answer = await fetch(`${base}/v1/webhooks/shopify`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-shopify-topic': 'app/uninstalled',
        'x-shopify-shop-domain': DEMO_SHOP,
        'x-shopify-webhook-id': 'forged-1',
        'x-shopify-hmac-sha256': createHmac('sha256', 'wrong-secret').update(body).digest('base64'),
      },
      body,
    });
    expect(answer.status).toBe(401);
    expect(await events()).toEqual(before);
  });

  it('accepts a correctly signed body byte for byte (raw body kept), once per event id', async () => {
    const body = '{"id":7,  "domain":"x.myshopify.com"}';
    const secret = ch.shopify.settings.app.clientSecret;
    const send = () =>
      fetch(`${base}/v1/webhooks/shopify`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-shopify-topic': 'shop/update',
          'x-shopify-shop-domain': 'x.myshopify.com',
          'x-shopify-webhook-id': 'signed-raw-1',
          'x-shopify-api-version': '2026-07',
          'x-shopify-hmac-sha256': createHmac('sha256', secret).update(body).digest('base64'),
        },
        body,
      });
    const first = await send();
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ ok: true, duplicate: false });
    const again = await send();
    expect(await again.json()).toEqual({ ok: true, duplicate: true });
    expect((await events()).filter((e) => e.event_id === 'signed-raw-1')).toHaveLength(1);
  });

  it('app/uninstalled from the emulator disconnects the connection', async () => {
    const user = await signIn(t);
    const id = await connectShopify(t, user, 'uninstall-me.myshopify.com');
    ch.shopify.uninstall('uninstall-me.myshopify.com');
    await ch.shopify.settle();
    const recorded = (await events()).filter((e) => e.topic === 'app/uninstalled');
    expect(recorded).toHaveLength(1);
    await runJobs();
    expect(await status(id)).toBe('disconnected');
    const row = await t.db.db
      .selectFrom('platform_connections')
      .select('access_token_enc')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.access_token_enc).toBeNull();
  });

  it('answers compliance topics with 200 and records them', async () => {
    const user = await signIn(t);
    await connectShopify(t, user, DEMO_SHOP);
    const deliveries = ch.shopify.sendCompliance(DEMO_SHOP, 'customers/redact', {
      customerId: 5,
      email: 'a@example.com',
    });
    expect(deliveries.length).toBeGreaterThan(0);
    await ch.shopify.settle();
    expect((await events()).map((e) => e.topic)).toContain('customers/redact');
    await runJobs();
    const processed = (await events()).find((e) => e.topic === 'customers/redact');
    expect(processed?.processed_at).not.toBeNull();
  });
});

describe('eBay marketplace account deletion', () => {
  it('answers the endpoint challenge the way eBay checks it', async () => {
    const check = await ch.ebay.verifyDeletionEndpoint();
    expect(check).toMatchObject({ ok: true, status: 200 });
    const missing = await fetch(`${base}/v1/webhooks/ebay/account-deletion`);
    expect(missing.status).toBe(400);
  });

  it("honours a signed deletion notification: that user's connection data is deleted", async () => {
    const user = await signIn(t);
    const id = await connectOAuth(t, user, 'ebay');
    ch.ebay.sendAccountDeletion();
    await ch.ebay.core.webhooks.idle();
    expect((await events()).some((e) => e.provider === 'ebay')).toBe(true);
    await runJobs();
    expect(await status(id)).toBeUndefined();
    const logs = await t.db.db
      .selectFrom('activity_logs')
      .select('activity')
      .where('organization_id', '=', user.firstOrgId)
      .execute();
    expect(logs.map((l) => l.activity)).toContain('eBay account data deleted');
  });

  it('refuses a notification with a bad signature', async () => {
    const before = await events();
    const answer = await fetch(`${base}/v1/webhooks/ebay/account-deletion`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-ebay-signature': 'bm9wZQ==' },
      body: JSON.stringify({ metadata: { topic: 'MARKETPLACE_ACCOUNT_DELETION' } }),
    });
    expect(answer.status).toBe(401);
    expect(await events()).toEqual(before);
  });
});

describe('TikTok webhooks', () => {
  it('verifies and records a signed delivery; refuses a forged one', async () => {
    const user = await signIn(t);
    await connectOAuth(t, user, 'tiktok');
    const [skuId] = ch.tiktok.store.skus.keys();
    ch.tiktok.setQuantity({ skuId: skuId!, quantity: 4 });
    await ch.tiktok.core.webhooks.idle();
    expect((await events()).some((e) => e.provider === 'tiktok')).toBe(true);
    const before = await events();
    const forged = await fetch(`${base}/v1/webhooks/tiktok`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'f'.repeat(64) },
      body: JSON.stringify({ type: 15, tts_notification_id: 'x', shop_id: '1', data: {} }),
    });
    expect(forged.status).toBe(401);
    expect(await events()).toEqual(before);
  });
});
