import { createHash, createVerify } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { challengeResponse, createEbayEmulator, EBAY_SCOPES, type EbayEmulator } from './index';
import { startReceiver } from '../core/test-receiver';

describe('docs/channels §7 test vector', () => {
  it('eBay challengeResponse', () => {
    expect(
      challengeResponse(
        'abc123',
        'token_0123456789_0123456789_abcdef',
        'https://example.com/ebay/deletion',
      ),
    ).toBe('4bf8048729ad53e7815197b2a5e1202a99181d7db94d451ae7d4f542a94f5f3c');
  });
});

let ebay: EbayEmulator;
let base: string;

const basic = () =>
  `Basic ${Buffer.from(`${ebay.settings.clientId}:${ebay.settings.clientSecret}`).toString('base64')}`;
async function userToken(): Promise<string> {
  const { code } = ebay.authorize({ scopes: [...EBAY_SCOPES] });
  const res = await fetch(`${base}/identity/v1/oauth2/token`, {
    method: 'POST',
    headers: { authorization: basic(), 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: ebay.settings.ruName,
    }).toString(),
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

beforeAll(async () => {
  ebay = createEbayEmulator({ catalogue: { products: 3 } });
  base = await ebay.listen();
});
afterAll(() => ebay.close());

describe('marketplace account deletion', () => {
  it('verifies a subscriber endpoint that answers the challenge correctly, and fails one that does not', async () => {
    const token = 'stocksync_verification_token_0123456789_abc';
    const good = await startReceiver((req, res) => {
      const code = new URL(req.url, 'http://x').searchParams.get('challenge_code') ?? '';
      const hash = createHash('sha256')
        .update(code + token + endpointOf(good.url))
        .digest('hex');
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ challengeResponse: hash }));
    });
    const endpointOf = (url: string) => `${url}/ebay/deletion`;
    const wrong = await startReceiver((_req, res) => {
      res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ challengeResponse: 'nope' }));
    });
    try {
      const ok = await ebay.verifyDeletionEndpoint({
        endpoint: endpointOf(good.url),
        verificationToken: token,
      });
      expect(ok.ok).toBe(true);
      expect(good.received[0]?.method).toBe('GET');
      expect(good.received[0]?.url).toBe(`/ebay/deletion?challenge_code=${ok.challengeCode}`);
      const bad = await ebay.verifyDeletionEndpoint({
        endpoint: endpointOf(wrong.url),
        verificationToken: token,
      });
      expect(bad).toMatchObject({ ok: false, received: 'nope' });
    } finally {
      await good.close();
      await wrong.close();
    }
  });

  it('POSTs a signed notification that verifies with the public key served under its kid', async () => {
    const receiver = await startReceiver((_req, res) => res.writeHead(204).end());
    try {
      const sent = ebay.sendAccountDeletion({ endpoint: `${receiver.url}/ebay/deletion` });
      await ebay.core.webhooks.idle();
      const got = receiver.received[0];
      expect(got?.method).toBe('POST');
      expect(got?.body).toBe(sent.body);
      const payload = JSON.parse(got?.body ?? '{}') as {
        metadata: { topic: string };
        notification: { data: { username: string; userId: string } };
      };
      expect(payload.metadata.topic).toBe('MARKETPLACE_ACCOUNT_DELETION');
      expect(payload.notification.data).toMatchObject({
        username: 'stocksync_demo_seller',
        userId: 'aB3dE5fG7h',
      });

      const header = JSON.parse(
        Buffer.from(String(got?.headers['x-ebay-signature']), 'base64').toString('utf8'),
      ) as {
        alg: string;
        kid: string;
        signature: string;
        digest: string;
      };
      expect(header).toMatchObject({
        alg: 'ecdsa',
        digest: 'SHA1',
        kid: ebay.settings.notificationKeyId,
      });

      const app = await fetch(`${base}/identity/v1/oauth2/token`, {
        method: 'POST',
        headers: { authorization: basic(), 'content-type': 'application/x-www-form-urlencoded' },
        body: 'grant_type=client_credentials&scope=https%3A%2F%2Fapi.ebay.com%2Foauth%2Fapi_scope',
      });
      const appToken = ((await app.json()) as { access_token: string }).access_token;
      const keyRes = await fetch(`${base}/commerce/notification/v1/public_key/${header.kid}`, {
        headers: { authorization: `Bearer ${appToken}` },
      });
      const key = (await keyRes.json()) as { key: string; algorithm: string; digest: string };
      expect(key).toMatchObject({ algorithm: 'ECDSA', digest: 'SHA1' });
      const verify = (body: string) =>
        createVerify('sha1').update(body).verify(key.key, header.signature, 'base64');
      expect(verify(got?.body ?? '')).toBe(true);
      expect(verify(`${got?.body ?? ''} `)).toBe(false);

      // With revokeTokens the seller's grants die, as after a real account deletion.
      const before = await userToken();
      ebay.sendAccountDeletion({ endpoint: `${receiver.url}/ebay/deletion`, revokeTokens: true });
      await ebay.core.webhooks.idle();
      const after = await fetch(`${base}/sell/inventory/v1/inventory_item`, {
        headers: { authorization: `Bearer ${before}` },
      });
      expect(after.status).toBe(401);
    } finally {
      await receiver.close();
    }
  });
});

describe('daily quotas with a controllable clock', () => {
  it('answers 429 errorId 2001 once the Inventory API quota is used, and resets at Pacific midnight', async () => {
    const token = await userToken();
    ebay.clock.set(Date.parse('2026-06-01T06:00:00.000Z')); // 23:00 PDT on May 31
    const saved = ebay.settings.quotas['sell.inventory'];
    ebay.settings.quotas['sell.inventory'] = 3;
    ebay.quotas.reset();
    try {
      // The token was issued on the real clock; give the emulator a fresh one on the test clock.
      const fresh = await userToken();
      const call = () =>
        fetch(`${base}/sell/inventory/v1/inventory_item?limit=1`, {
          headers: { authorization: `Bearer ${fresh}` },
        });
      for (let i = 0; i < 3; i++) expect((await call()).status).toBe(200);
      const over = await call();
      expect(over.status).toBe(429);
      expect(await over.json()).toEqual({
        errors: [expect.objectContaining({ errorId: 2001, domain: 'ACCESS', category: 'REQUEST' })],
      });
      // Fulfillment has its own quota.
      const orders = await fetch(`${base}/sell/fulfillment/v1/order`, {
        headers: { authorization: `Bearer ${fresh}` },
      });
      expect(orders.status).toBe(200);
      ebay.clock.advance(30 * 60_000); // 23:30 PDT: same day
      expect((await call()).status).toBe(429);
      ebay.clock.advance(31 * 60_000); // 00:01 PDT: new day
      expect((await call()).status).toBe(200);
      expect(ebay.quotas.usage().used['sell.inventory']).toBe(1);
      void token;
    } finally {
      ebay.settings.quotas['sell.inventory'] = saved;
      ebay.clock.reset();
    }
  });
});

describe('faults in eBay error shapes', () => {
  it('injected 429 and 5xx use the REST error envelope; OAuth 5xx uses the OAuth shape', async () => {
    const token = await userToken();
    ebay.core.setFaults({ rateLimitRate: 1 });
    try {
      const limited = await fetch(`${base}/sell/inventory/v1/inventory_item`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(limited.status).toBe(429);
      expect(
        ((await limited.json()) as { errors: Array<{ errorId: number }> }).errors[0]?.errorId,
      ).toBe(2001);
      ebay.core.setFaults({ rateLimitRate: 0, serverErrorRate: 1 });
      const failed = await fetch(`${base}/sell/fulfillment/v1/order`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(failed.status).toBe(500);
      expect(
        ((await failed.json()) as { errors: Array<{ domain: string; category: string }> })
          .errors[0],
      ).toMatchObject({
        domain: 'API_FULFILLMENT',
        category: 'APPLICATION',
      });
      const oauth = await fetch(`${base}/identity/v1/oauth2/token`, {
        method: 'POST',
        headers: { authorization: basic() },
      });
      expect(oauth.status).toBe(500);
      expect(await oauth.json()).toMatchObject({ error: 'server_error' });
    } finally {
      ebay.core.setFaults({ rateLimitRate: 0, serverErrorRate: 0 });
    }
  });
});

describe('control interface over HTTP', () => {
  it('sale, stock edit, state, reset', async () => {
    const state = async () =>
      (await (await fetch(`${base}/_emulator/state`)).json()) as {
        quantities: Record<string, number>;
        counts: { orders: number };
      };
    const before = await state();
    const [sku, qty] = Object.entries(before.quantities).find(([, q]) => q > 0) ?? ['', 0];
    const post = (path: string, body: unknown) =>
      fetch(`${base}/_emulator${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });

    const sale = await post('/sale', { sku, quantity: 1 });
    expect(sale.status).toBe(200);
    expect((await state()).quantities[sku]).toBe(qty - 1);
    expect((await state()).counts.orders).toBe(before.counts.orders + 1);
    expect((await post('/sale', { sku: 'NOPE' })).status).toBe(400);

    expect((await post('/stock', { sku, quantity: 42 })).status).toBe(200);
    expect((await state()).quantities[sku]).toBe(42);
    expect(ebay.store.offersOf(sku)[0]?.availableQuantity).toBe(42);

    const seeded = await post('/seed', { products: 2, skuPrefix: 'XX', offset: 0 });
    expect(((await seeded.json()) as { products: number }).products).toBe(2);
    expect(Object.keys((await state()).quantities).some((s) => s.startsWith('XX-'))).toBe(true);

    expect((await post('/reset', {})).status).toBe(200);
    const after = await state();
    expect(after.quantities).toEqual(before.quantities);
    expect(after.counts.orders).toBe(0);
  });
});
