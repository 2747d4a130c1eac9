import '@shopify/shopify-api/adapters/node';
import { createHmac } from 'node:crypto';
import { ApiVersion, RequestedTokenType, shopifyApi, type Shopify } from '@shopify/shopify-api';
import { setAbstractFetchFunc } from '@shopify/shopify-api/runtime';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_APP } from './config';
import { createShopifyEmulator, type ShopifyEmulator } from './index';

const SHOP = 'oauth-store.myshopify.com';
let now = Date.now();
let emulator: ShopifyEmulator;
let base: string;
let shopify: Shopify;

beforeAll(async () => {
  emulator = createShopifyEmulator({
    shops: [{ domain: SHOP, products: 3 }],
    now: () => now,
    accessTokenTtlSeconds: 60,
  });
  base = await emulator.listen();
  shopify = shopifyApi({
    apiKey: SANDBOX_APP.clientId,
    apiSecretKey: SANDBOX_APP.clientSecret,
    hostName: 'app.example.com',
    apiVersion: ApiVersion.July26,
    isEmbeddedApp: false,
    logger: { level: 0 },
  });
  // The SDK builds https://{shop}/... URLs; route them to the emulator (README: "Using Shopify's libraries").
  setAbstractFetchFunc(emulator.fetch);
});
afterAll(async () => {
  await emulator.close();
});

async function authorize(params: Record<string, string>): Promise<URL> {
  const page = await fetch(
    `${base}/shops/${SHOP}/admin/oauth/authorize?${new URLSearchParams(params)}`,
  );
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain('id="approve"');
  for (const scope of (params.scope ?? '').split(',')) expect(html).toContain(`<li>${scope}</li>`);
  // Submit the form the way the browser does when the merchant clicks "Install app".
  const fields = Object.fromEntries(
    [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [
      m[1]!,
      m[2]!.replace(/&#(\d+);/g, (_x, c: string) => String.fromCharCode(Number(c))),
    ]),
  );
  const action = /<form method="post" action="([^"]+)"/.exec(html)![1]!;
  const approved = await fetch(action, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...fields, decision: 'approve' }).toString(),
  });
  expect(approved.status).toBe(302);
  return new URL(approved.headers.get('location')!);
}

const exchange = (body: Record<string, unknown>, asForm = false) =>
  fetch(`${base}/shops/${SHOP}/admin/oauth/access_token`, {
    method: 'POST',
    headers: {
      'content-type': asForm ? 'application/x-www-form-urlencoded' : 'application/json',
      accept: 'application/json',
    },
    body: asForm
      ? new URLSearchParams(body as Record<string, string>).toString()
      : JSON.stringify(body),
  });

const graphqlWith = (token: string) =>
  fetch(emulator.graphqlUrl(SHOP), {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-shopify-access-token': token },
    body: JSON.stringify({ query: '{ shop { name } }' }),
  });

describe('install and OAuth', () => {
  it('sends an install request whose HMAC the official SDK accepts', async () => {
    const url = new URL(emulator.installRequestUrl(SHOP));
    expect(url.origin + url.pathname).toBe(SANDBOX_APP.appUrl);
    const query = Object.fromEntries(url.searchParams);
    expect(Object.keys(query).sort()).toEqual(['hmac', 'host', 'shop', 'timestamp']);
    expect(await shopify.utils.validateHmac(query)).toBe(true);
    expect(await shopify.utils.validateHmac({ ...query, shop: 'evil.myshopify.com' })).toBe(false);
    expect(shopify.utils.sanitizeHost(query.host!)).toBe(query.host);
    expect(shopify.utils.sanitizeShop(query.shop!)).toBe(SHOP);
  });

  it('approves on the authorize page, redirects with a valid HMAC, and exchanges a single-use code', async () => {
    const callback = await authorize({
      client_id: SANDBOX_APP.clientId,
      scope: 'read_products,read_inventory,write_inventory,read_locations',
      redirect_uri: 'http://127.0.0.1:9/auth/callback',
      state: 'nonce-123',
      'grant_options[]': '',
    });
    expect(callback.pathname).toBe('/auth/callback');
    const query = Object.fromEntries(callback.searchParams);
    expect(Object.keys(query).sort()).toEqual([
      'code',
      'hmac',
      'host',
      'shop',
      'state',
      'timestamp',
    ]);
    expect(query).toMatchObject({ shop: SHOP, state: 'nonce-123' });
    expect(await shopify.utils.validateHmac(query)).toBe(true);
    expect(Buffer.from(query.host!, 'base64').toString()).toBe(
      'admin.shopify.com/store/oauth-store',
    );

    const bad = await exchange({
      client_id: SANDBOX_APP.clientId,
      client_secret: 'wrong',
      code: query.code,
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toBe('invalid_client');
    const token = await exchange({
      client_id: SANDBOX_APP.clientId,
      client_secret: SANDBOX_APP.clientSecret,
      code: query.code,
    });
    expect(token.status).toBe(200);
    // Codes are single-use.
    const replay = await exchange({
      client_id: SANDBOX_APP.clientId,
      client_secret: SANDBOX_APP.clientSecret,
      code: query.code,
    });
    expect(replay.status).toBe(400);
    expect(await replay.json()).toEqual({
      error: 'invalid_request',
      error_description: 'The authorization code was not found or was already used',
    });

    const again = await authorize({
      client_id: SANDBOX_APP.clientId,
      scope: 'read_products,read_inventory',
      redirect_uri: 'http://127.0.0.1:9/auth/callback',
      state: 's2',
    });
    const code = again.searchParams.get('code')!;
    const ok = await exchange(
      { client_id: SANDBOX_APP.clientId, client_secret: SANDBOX_APP.clientSecret, code },
      true,
    );
    expect(ok.status).toBe(200);
    const body = (await ok.json()) as { access_token: string; scope: string };
    expect(body.access_token).toMatch(/^shpat_/);
    expect(body.scope).toBe('read_products,read_inventory');
    expect(Object.keys(body).sort()).toEqual(['access_token', 'scope']);
    expect((await graphqlWith(body.access_token)).status).toBe(200);
    const reuse = await exchange({
      client_id: SANDBOX_APP.clientId,
      client_secret: SANDBOX_APP.clientSecret,
      code,
    });
    expect(reuse.status).toBe(400);
  });

  it('rejects an unknown client_id on the authorize page', async () => {
    const page = await fetch(
      `${base}/shops/${SHOP}/admin/oauth/authorize?client_id=nope&redirect_uri=http://x/cb`,
    );
    expect(page.status).toBe(400);
  });

  it('issues expiring offline tokens that expire and rotate through refresh (SDK refreshToken)', async () => {
    const callback = await authorize({
      client_id: SANDBOX_APP.clientId,
      scope: 'read_products',
      redirect_uri: 'http://127.0.0.1:9/cb',
      state: 's3',
    });
    const res = await exchange({
      client_id: SANDBOX_APP.clientId,
      client_secret: SANDBOX_APP.clientSecret,
      code: callback.searchParams.get('code'),
      expiring: 1,
    });
    const first = (await res.json()) as {
      access_token: string;
      refresh_token: string;
      expires_in: number;
      refresh_token_expires_in: number;
    };
    expect(first.expires_in).toBe(60);
    expect(first.refresh_token).toMatch(/^shprt_/);
    expect((await graphqlWith(first.access_token)).status).toBe(200);
    now += 61_000;
    expect((await graphqlWith(first.access_token)).status).toBe(401);

    const { session } = await shopify.auth.refreshToken({
      shop: SHOP,
      refreshToken: first.refresh_token,
    });
    expect(session.accessToken).toMatch(/^shpat_/);
    expect(session.refreshToken).toMatch(/^shprt_/);
    expect(session.refreshToken).not.toBe(first.refresh_token);
    expect(session.isOnline).toBe(false);
    // The previous refresh token stays valid until the new access token is used...
    const retry = await exchange({
      client_id: SANDBOX_APP.clientId,
      client_secret: SANDBOX_APP.clientSecret,
      grant_type: 'refresh_token',
      refresh_token: first.refresh_token,
    });
    expect(retry.status).toBe(200);
    const retried = (await retry.json()) as { access_token: string };
    // ...and is revoked once a token issued from it is used.
    expect((await graphqlWith(retried.access_token)).status).toBe(200);
    const late = await exchange({
      client_id: SANDBOX_APP.clientId,
      client_secret: SANDBOX_APP.clientSecret,
      grant_type: 'refresh_token',
      refresh_token: first.refresh_token,
    });
    expect(late.status).toBe(400);
  });

  it('supports token exchange of a session token and migration to expiring tokens (SDK)', async () => {
    const seconds = Math.floor(now / 1000);
    const header = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');
    const payload = Buffer.from(
      JSON.stringify({
        iss: `https://${SHOP}/admin`,
        dest: `https://${SHOP}`,
        aud: SANDBOX_APP.clientId,
        sub: '42',
        exp: seconds + 60,
        nbf: seconds - 5,
        iat: seconds,
        jti: 'j1',
        sid: 's1',
      }),
    ).toString('base64url');
    const signature = createHmac('sha256', SANDBOX_APP.clientSecret)
      .update(`${header}.${payload}`)
      .digest('base64url');
    const res = await exchange({
      client_id: SANDBOX_APP.clientId,
      client_secret: SANDBOX_APP.clientSecret,
      grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange',
      subject_token: `${header}.${payload}.${signature}`,
      subject_token_type: 'urn:ietf:params:oauth:token-type:id_token',
      requested_token_type: RequestedTokenType.OfflineAccessToken,
      expiring: 0,
    });
    expect(res.status).toBe(200);
    const legacy = (await res.json()) as { access_token: string };
    const { session } = await shopify.auth.migrateToExpiringToken({
      shop: SHOP,
      nonExpiringOfflineAccessToken: legacy.access_token,
    });
    expect(session.refreshToken).toMatch(/^shprt_/);
    expect((await graphqlWith(legacy.access_token)).status).toBe(401);
    expect((await graphqlWith(session.accessToken!)).status).toBe(200);
  });

  it('revokes tokens on uninstall', async () => {
    const token = emulator.install(SHOP);
    expect((await graphqlWith(token)).status).toBe(200);
    emulator.uninstall(SHOP);
    expect((await graphqlWith(token)).status).toBe(401);
  });
});
