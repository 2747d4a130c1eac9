import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectionMessages } from '@stocksync/contract';
import { decrypt, deriveKeys } from '../../src/lib/crypto';
import { refreshDueTokens } from '../../src/modules/connections/refresh-job';
import {
  createTestApp,
  signIn,
  TEST_SECRET,
  type SignedInUser,
  type TestApp,
} from '../support/app';
import { approve, DEMO_SHOP, startTestChannels, type TestChannels } from '../support/channels';
import { orgCall } from './catalog-fixtures';

let t: TestApp;
let ch: TestChannels;
beforeAll(async () => {
  ch = await startTestChannels();
  t = await createTestApp({ channels: ch.channels });
});
afterAll(async () => {
  await t?.close();
  await ch?.close();
});

const silent = { info() {}, warn() {} };

async function connectShopify(user: SignedInUser, shop = DEMO_SHOP, orgId = user.firstOrgId) {
  const started = await orgCall(t, user, 'POST', '/v1/platforms/shopify', { shop }, orgId);
  expect(started.statusCode).toBe(200);
  const query = await approve('shopify', started.json<{ url: string }>().url);
  const done = await t.app.inject({
    method: 'POST',
    url: '/v1/platforms/shopify/callback',
    headers: user.headers,
    payload: { query },
  });
  return { done, query };
}

async function connect(user: SignedInUser, platform: 'ebay' | 'tiktok', orgId = user.firstOrgId) {
  const started = await orgCall(
    t,
    user,
    'GET',
    `/v1/platforms/${platform}/oauth/get-url`,
    undefined,
    orgId,
  );
  expect(started.statusCode).toBe(200);
  const query = await approve(platform, started.json<{ url: string }>().url);
  const done = await t.app.inject({
    method: 'POST',
    url: `/v1/platforms/${platform}/oauth`,
    headers: user.headers,
    payload: { code: query.code, state: query.state },
  });
  return { done, query };
}

describe('connecting accounts through each OAuth flow', () => {
  it('connects the Shopify sandbox shop, stores tokens encrypted and registers webhooks', async () => {
    const user = await signIn(t);
    const { done } = await connectShopify(user);
    expect(done.statusCode).toBe(200);
    const body = done.json();
    expect(body).toEqual({
      platform_connection_id: expect.any(String),
      alias: 'stocksync-demo',
      organization_id: user.firstOrgId,
    });

    const list = await orgCall(t, user, 'GET', '/v1/platforms');
    expect(list.json().platforms).toEqual([
      expect.objectContaining({
        id: body.platform_connection_id,
        platform: 'shopify',
        alias: 'stocksync-demo',
        status: 'active',
        sync_enabled: true,
        sandbox: true,
        shop_domain: DEMO_SHOP,
      }),
    ]);

    const row = await t.db.db
      .selectFrom('platform_connections')
      .selectAll()
      .where('id', '=', body.platform_connection_id)
      .executeTakeFirstOrThrow();
    expect(row.access_token_enc).toMatch(/^v1\./);
    const token = decrypt(row.access_token_enc!, deriveKeys(TEST_SECRET).encryption);
    expect(token.length).toBeGreaterThan(10);
    expect(row.access_token_enc).not.toContain(token);
    // Webhooks were registered at install (a failure would have logged an error entry).
    const errors = await t.db.db
      .selectFrom('activity_logs')
      .select('note')
      .where('organization_id', '=', user.firstOrgId)
      .where('status', '=', 'error')
      .execute();
    expect(errors).toEqual([]);

    const alias = await orgCall(t, user, 'GET', '/v1/platforms/shopify/alias?alias=stocksync-demo');
    expect(alias.statusCode).toBe(200);
    expect(alias.json()).toMatchObject({
      platform_connection_id: body.platform_connection_id,
      alias: 'stocksync-demo',
      sandbox: true,
    });
  });

  it('connects an eBay account with username, ebay_id, marketplace and refresh expiry', async () => {
    const user = await signIn(t);
    const { done } = await connect(user, 'ebay');
    expect(done.statusCode).toBe(200);
    const { platform_connection_id: id, alias } = done.json();
    const account = await orgCall(t, user, 'GET', `/v1/platforms/ebay/${id}`);
    expect(account.statusCode).toBe(200);
    const seller = ch.ebay.settings.account;
    expect(account.json()).toEqual({
      id,
      alias,
      username: seller.username,
      ebay_id: seller.userId,
      marketplace_id: 'EBAY_US',
      refresh_token_expiry: expect.stringMatching(/^\d{4}-/),
      platform_connection_id: id,
      status: 'active',
      sandbox: true,
      shop_domain: null,
    });
    expect(alias).toBe(seller.username);
    const byAlias = await orgCall(t, user, 'GET', `/v1/platforms/ebay/alias?alias=${alias}`);
    expect(byAlias.json().platform_connection_id).toBe(id);
  });

  it('connects a TikTok shop and stores its cipher', async () => {
    const user = await signIn(t);
    const { done } = await connect(user, 'tiktok');
    expect(done.statusCode).toBe(200);
    const row = await t.db.db
      .selectFrom('platform_connections')
      .selectAll()
      .where('id', '=', done.json().platform_connection_id)
      .executeTakeFirstOrThrow();
    expect(row.tiktok_shop_cipher).toBe(ch.tiktok.settings.shop.cipher);
    expect(row.tiktok_shop_id).toBe(ch.tiktok.settings.shop.id);
    expect(row.platform).toBe('tiktok');
  });

  it('reconnecting the same account keeps one connection; another org gets its own', async () => {
    const user = await signIn(t);
    const first = (await connect(user, 'ebay')).done.json();
    const again = (await connect(user, 'ebay')).done.json();
    expect(again.platform_connection_id).toBe(first.platform_connection_id);
    const other = await signIn(t);
    const theirs = (await connect(other, 'ebay')).done.json();
    expect(theirs.platform_connection_id).not.toBe(first.platform_connection_id);
    expect(theirs.alias).toBe(first.alias);
  });

  it('makes aliases unique per organisation and platform', async () => {
    const user = await signIn(t);
    await connectShopify(user, 'alias-shop.myshopify.com');
    await t.db.db
      .updateTable('platform_connections')
      .set({ alias: 'other-shop' })
      .where('organization_id', '=', user.firstOrgId)
      .execute();
    const second = await connectShopify(user, 'other-shop.myshopify.com');
    expect(second.done.json().alias).toBe('other-shop-2');
  });
});

describe('OAuth state', () => {
  it('is single-use', async () => {
    const user = await signIn(t);
    const { done, query } = await connect(user, 'tiktok');
    expect(done.statusCode).toBe(200);
    const replay = await t.app.inject({
      method: 'POST',
      url: '/v1/platforms/tiktok/oauth',
      headers: user.headers,
      payload: { code: query.code, state: query.state },
    });
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual({ error: connectionMessages.stateInvalid, field: 'state' });
  });

  it('is bound to the user who started it', async () => {
    const user = await signIn(t);
    const intruder = await signIn(t);
    const started = await orgCall(t, user, 'GET', '/v1/platforms/ebay/oauth/get-url');
    const query = await approve('ebay', started.json().url);
    const stolen = await t.app.inject({
      method: 'POST',
      url: '/v1/platforms/ebay/oauth',
      headers: intruder.headers,
      payload: { code: query.code, state: query.state },
    });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().field).toBe('state');
    expect((await orgCall(t, intruder, 'GET', '/v1/platforms')).json().platforms).toEqual([]);
    // The rightful user can still finish.
    const mine = await t.app.inject({
      method: 'POST',
      url: '/v1/platforms/ebay/oauth',
      headers: user.headers,
      payload: { code: query.code, state: query.state },
    });
    expect(mine.statusCode).toBe(200);
  });

  it('expires after 10 minutes', async () => {
    const user = await signIn(t);
    const started = await orgCall(t, user, 'GET', '/v1/platforms/ebay/oauth/get-url');
    const query = await approve('ebay', started.json().url);
    t.clock.advance(11 * 60_000);
    const late = await t.app.inject({
      method: 'POST',
      url: '/v1/platforms/ebay/oauth',
      headers: user.headers,
      payload: { code: query.code, state: query.state },
    });
    expect(late.statusCode).toBe(400);
    expect(late.json().field).toBe('state');
  });

  it('refuses a Shopify callback with a tampered HMAC', async () => {
    const user = await signIn(t);
    const started = await orgCall(t, user, 'POST', '/v1/platforms/shopify', { shop: DEMO_SHOP });
    const query = await approve('shopify', started.json().url);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/v1/platforms/shopify/callback',
      headers: user.headers,
      payload: { query: { ...query, hmac: '0'.repeat(64) } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().field).toBe('code');
    expect((await orgCall(t, user, 'GET', '/v1/platforms')).json().platforms).toEqual([]);
  });

  it('reports a declined authorisation as such', async () => {
    const user = await signIn(t);
    const started = await orgCall(t, user, 'POST', '/v1/platforms/shopify', { shop: DEMO_SHOP });
    const query = await approve('shopify', started.json().url, true);
    const declined = await t.app.inject({
      method: 'POST',
      url: '/v1/platforms/shopify/callback',
      headers: user.headers,
      payload: { query },
    });
    expect(declined.statusCode).toBe(400);
    expect(declined.json()).toEqual({ error: connectionMessages.declined, field: 'error' });
  });
});

describe('Shopify install from the Shopify side', () => {
  it('redirects a signed install request to the confirm screen and refuses a bad HMAC', async () => {
    const url = new URL(ch.shopify.installRequestUrl(DEMO_SHOP));
    const query = url.search;
    const ok = await t.app.inject({ method: 'GET', url: `/v1/platforms/shopify/install${query}` });
    expect(ok.statusCode).toBe(302);
    expect(ok.headers.location).toBe(
      `http://localhost:3000/auth/shopify/?shop=${encodeURIComponent(DEMO_SHOP)}`,
    );
    const tampered = new URLSearchParams(query);
    tampered.set('hmac', 'f'.repeat(64));
    const bad = await t.app.inject({
      method: 'GET',
      url: `/v1/platforms/shopify/install?${tampered.toString()}`,
    });
    expect(bad.statusCode).toBe(401);
    const missing = await t.app.inject({ method: 'GET', url: '/v1/platforms/shopify/install' });
    expect(missing.statusCode).toBe(400);
  });
});

describe('bad input and other organisations', () => {
  it('names the field of bad input', async () => {
    const user = await signIn(t);
    const badShop = await orgCall(t, user, 'POST', '/v1/platforms/shopify', { shop: 'evil.com' });
    expect(badShop.statusCode).toBe(400);
    expect(badShop.json().field).toBe('shop');
    const noCode = await t.app.inject({
      method: 'POST',
      url: '/v1/platforms/ebay/oauth',
      headers: user.headers,
      payload: { state: 'x' },
    });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().field).toBe('code');
    const noAlias = await orgCall(t, user, 'GET', '/v1/platforms/ebay/alias');
    expect(noAlias.statusCode).toBe(400);
    expect(noAlias.json().field).toBe('alias');
    const badId = await orgCall(t, user, 'GET', '/v1/platforms/ebay/not-a-uuid');
    expect(badId.statusCode).toBe(400);
    expect(badId.json().field).toBe('id');
    const noQuery = await t.app.inject({
      method: 'POST',
      url: '/v1/platforms/shopify/callback',
      headers: user.headers,
      payload: { query: { state: 5 } },
    });
    expect(noQuery.statusCode).toBe(400);
  });

  it("answers 404 for another organisation's connection and leaves it alone", async () => {
    const owner = await signIn(t);
    const id = (await connect(owner, 'ebay')).done.json().platform_connection_id;
    const other = await signIn(t);
    expect((await orgCall(t, other, 'GET', `/v1/platforms/ebay/${id}`)).statusCode).toBe(404);
    expect((await orgCall(t, other, 'DELETE', `/v1/platforms/${id}`)).statusCode).toBe(404);
    const alias = (await orgCall(t, owner, 'GET', `/v1/platforms/ebay/${id}`)).json().alias;
    expect(
      (await orgCall(t, other, 'GET', `/v1/platforms/ebay/alias?alias=${alias}`)).statusCode,
    ).toBe(404);
    // Someone else's organisation id in the header: 404, not data.
    expect(
      (await orgCall(t, other, 'GET', '/v1/platforms', undefined, owner.firstOrgId)).statusCode,
    ).toBe(404);
    // Wrong platform for the id: 404.
    expect((await orgCall(t, owner, 'GET', `/v1/platforms/shopify/${id}`)).statusCode).toBe(404);
    expect((await orgCall(t, owner, 'GET', `/v1/platforms/ebay/${id}`)).json().status).toBe(
      'active',
    );
  });
});

describe('disconnect', () => {
  it('wipes tokens, keeps the row as disconnected, and logs it', async () => {
    const user = await signIn(t);
    const id = (await connect(user, 'tiktok')).done.json().platform_connection_id;
    const deleted = await orgCall(t, user, 'DELETE', `/v1/platforms/${id}`);
    expect(deleted.statusCode).toBe(204);
    const row = await t.db.db
      .selectFrom('platform_connections')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('disconnected');
    expect(row.access_token_enc).toBeNull();
    expect(row.refresh_token_enc).toBeNull();
    const logs = await t.db.db
      .selectFrom('activity_logs')
      .select('activity')
      .where('organization_id', '=', user.firstOrgId)
      .execute();
    expect(logs.map((l) => l.activity)).toContainEqual(
      expect.stringMatching(/^Disconnected TikTok/),
    );
    // Reconnecting brings the same connection back.
    const again = (await connect(user, 'tiktok')).done.json();
    expect(again.platform_connection_id).toBe(id);
    const list = (await orgCall(t, user, 'GET', '/v1/platforms')).json().platforms;
    expect(list).toEqual([expect.objectContaining({ id, status: 'active' })]);
  });
});

describe('token refresh', () => {
  it('refreshes tokens that are about to expire and keeps eBay’s refresh token', async () => {
    const user = await signIn(t);
    const id = (await connect(user, 'ebay')).done.json().platform_connection_id;
    const before = await t.db.db
      .selectFrom('platform_connections')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    await t.db.db
      .updateTable('platform_connections')
      .set({ access_token_expires_at: new Date(t.clock.now().getTime() + 5 * 60_000) })
      .where('id', '=', id)
      .execute();
    await refreshDueTokens(t.app.services.connections, silent);
    const after = await t.db.db
      .selectFrom('platform_connections')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const key = deriveKeys(TEST_SECRET).encryption;
    expect(decrypt(after.access_token_enc!, key)).not.toBe(decrypt(before.access_token_enc!, key));
    expect(decrypt(after.refresh_token_enc!, key)).toBe(decrypt(before.refresh_token_enc!, key));
    expect(after.status).toBe('active');
  });

  it('rotates Shopify refresh tokens', async () => {
    const user = await signIn(t);
    const id = (await connectShopify(user, 'rotate-shop.myshopify.com')).done.json()
      .platform_connection_id;
    const key = deriveKeys(TEST_SECRET).encryption;
    const before = await t.db.db
      .selectFrom('platform_connections')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(before.refresh_token_enc).not.toBeNull();
    expect(await t.app.services.connections.refreshOne(id, { force: true })).toBe('refreshed');
    const after = await t.db.db
      .selectFrom('platform_connections')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(decrypt(after.refresh_token_enc!, key)).not.toBe(
      decrypt(before.refresh_token_enc!, key),
    );
  });

  it('marks a connection needs_reauth when the refresh is refused, with an activity entry', async () => {
    const user = await signIn(t);
    const id = (await connect(user, 'ebay')).done.json().platform_connection_id;
    const key = deriveKeys(TEST_SECRET);
    const { encrypt } = await import('../../src/lib/crypto');
    await t.db.db
      .updateTable('platform_connections')
      .set({
        refresh_token_enc: encrypt('revoked-refresh-token', key.encryption),
        access_token_expires_at: new Date(t.clock.now().getTime() + 60_000),
      })
      .where('id', '=', id)
      .execute();
    await refreshDueTokens(t.app.services.connections, silent);
    const account = (await orgCall(t, user, 'GET', `/v1/platforms/ebay/${id}`)).json();
    expect(account.status).toBe('needs_reauth');
    const logs = await t.db.db
      .selectFrom('activity_logs')
      .selectAll()
      .where('organization_id', '=', user.firstOrgId)
      .where('status', '=', 'error')
      .execute();
    expect(logs).toHaveLength(1);
    expect(logs[0]!.activity).toMatch(/needs reconnecting/);
  });

  it('retries a transient failure: the job throws and the connection stays active', async () => {
    const user = await signIn(t);
    const id = (await connect(user, 'tiktok')).done.json().platform_connection_id;
    await t.db.db
      .updateTable('platform_connections')
      .set({ access_token_expires_at: new Date(t.clock.now().getTime() + 60_000) })
      .where('id', '=', id)
      .execute();
    ch.tiktok.core.setFaults({ serverErrorRate: 1 });
    try {
      await expect(refreshDueTokens(t.app.services.connections, silent)).rejects.toThrow(
        /failed transiently/,
      );
    } finally {
      ch.tiktok.core.setFaults({ serverErrorRate: 0 });
    }
    expect((await orgCall(t, user, 'GET', `/v1/platforms/tiktok/${id}`)).json().status).toBe(
      'active',
    );
    await refreshDueTokens(t.app.services.connections, silent);
    const row = await t.db.db
      .selectFrom('platform_connections')
      .select('access_token_expires_at')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.access_token_expires_at!.getTime()).toBeGreaterThan(
      t.clock.now().getTime() + 60 * 60_000,
    );
  });
});
