import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEbayEmulator, type EbayEmulator } from './index';

const SCOPES = [
  'https://api.ebay.com/oauth/api_scope',
  'https://api.ebay.com/oauth/api_scope/sell.inventory',
  'https://api.ebay.com/oauth/api_scope/commerce.identity.readonly',
];

let ebay: EbayEmulator;
let base: string;

beforeAll(async () => {
  ebay = createEbayEmulator({
    catalogue: { products: 2 },
    acceptUrl: 'http://localhost:5173/auth/ebay/callback',
  });
  base = await ebay.listen();
});
afterAll(() => ebay.close());

const basic = (id = ebay.settings.clientId, secret = ebay.settings.clientSecret) =>
  `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

const token = (form: Record<string, string>, auth = basic()) =>
  fetch(`${base}/identity/v1/oauth2/token`, {
    method: 'POST',
    headers: { authorization: auth, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });

const consentUrl = (state: string, scopes = SCOPES) =>
  `${base}/oauth2/authorize?client_id=${encodeURIComponent(ebay.settings.clientId)}&redirect_uri=${encodeURIComponent(
    ebay.settings.ruName,
  )}&response_type=code&state=${encodeURIComponent(state)}&scope=${encodeURIComponent(scopes.join(' '))}`;

/** Loads the consent page and submits its form with the given button, as a browser would. */
async function consent(state: string, decision: 'agree' | 'decline' = 'agree') {
  const page = await fetch(consentUrl(state));
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).toContain('id="agree"');
  const fields = Object.fromEntries(
    [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [
      m[1],
      (m[2] ?? '').replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n))),
    ]),
  );
  const res = await fetch(`${base}/oauth2/authorize`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...fields, decision }).toString(),
  });
  expect(res.status).toBe(302);
  return new URL(res.headers.get('location') ?? '');
}

describe('eBay OAuth authorization-code grant over HTTP', () => {
  it('consent page → Agree → redirect to the RuName accept URL → token exchange → API call', async () => {
    const redirect = await consent('st&te=1');
    expect(`${redirect.origin}${redirect.pathname}`).toBe(
      'http://localhost:5173/auth/ebay/callback',
    );
    expect(redirect.searchParams.get('state')).toBe('st&te=1');
    const code = redirect.searchParams.get('code') ?? '';
    expect(code).toMatch(/^v\^1\.1#/);

    const res = await token({
      grant_type: 'authorization_code',
      code,
      redirect_uri: ebay.settings.ruName,
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      expires_in: 7200,
      refresh_token_expires_in: 47304000,
      token_type: 'User Access Token',
    });
    expect(typeof body.access_token).toBe('string');
    expect(typeof body.refresh_token).toBe('string');

    const user = await fetch(`${base}/commerce/identity/v1/user/`, {
      headers: { authorization: `Bearer ${String(body.access_token)}` },
    });
    expect(user.status).toBe(200);
    expect(await user.json()).toMatchObject({
      username: 'stocksync_demo_seller',
      userId: 'aB3dE5fG7h',
    });

    // A code works once.
    const reused = await token({
      grant_type: 'authorization_code',
      code,
      redirect_uri: ebay.settings.ruName,
    });
    expect(reused.status).toBe(400);
    expect(await reused.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('declining redirects to the declined URL without a code', async () => {
    const redirect = await consent('s2', 'decline');
    expect(redirect.searchParams.get('code')).toBeNull();
    expect(redirect.searchParams.get('declined')).toBe('true');
  });

  it('rejects an unknown client_id or a redirect_uri that is not the RuName on the consent page', async () => {
    const bad = await fetch(
      consentUrl('x').replace(
        encodeURIComponent(ebay.settings.ruName),
        'https%3A%2F%2Fevil.example',
      ),
    );
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('invalid_request');
  });

  it('rejects bad client credentials with 401 invalid_client', async () => {
    const { code } = ebay.authorize({ scopes: SCOPES });
    const res = await token(
      { grant_type: 'authorization_code', code, redirect_uri: ebay.settings.ruName },
      basic(undefined, 'wrong'),
    );
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: 'invalid_client' });
  });

  it('rejects an invalid or expired authorization code with invalid_grant', async () => {
    const unknown = await token({
      grant_type: 'authorization_code',
      code: 'v^1.1#nope',
      redirect_uri: ebay.settings.ruName,
    });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ error: 'invalid_grant' });

    const { code } = ebay.authorize({ scopes: SCOPES });
    ebay.clock.advance(300_000);
    try {
      const expired = await token({
        grant_type: 'authorization_code',
        code,
        redirect_uri: ebay.settings.ruName,
      });
      expect(expired.status).toBe(400);
      expect(await expired.json()).toMatchObject({ error: 'invalid_grant' });
    } finally {
      ebay.clock.reset();
    }
  });

  it('refreshes: new access token, no new refresh token; expired access token → 401 errorId 1001; scope must be a subset', async () => {
    const { code } = ebay.authorize({ scopes: SCOPES });
    const first = (await (
      await token({ grant_type: 'authorization_code', code, redirect_uri: ebay.settings.ruName })
    ).json()) as {
      access_token: string;
      refresh_token: string;
    };
    ebay.clock.advance(7200 * 1000 + 1);
    try {
      const stale = await fetch(`${base}/sell/inventory/v1/inventory_item`, {
        headers: { authorization: `Bearer ${first.access_token}` },
      });
      expect(stale.status).toBe(401);
      expect(
        ((await stale.json()) as { errors: Array<{ errorId: number }> }).errors[0]?.errorId,
      ).toBe(1001);

      const refreshed = await token({
        grant_type: 'refresh_token',
        refresh_token: first.refresh_token,
        scope: SCOPES.join(' '),
      });
      expect(refreshed.status).toBe(200);
      const body = (await refreshed.json()) as Record<string, unknown>;
      expect(body).toMatchObject({ expires_in: 7200, token_type: 'User Access Token' });
      expect(body.refresh_token).toBeUndefined();
      const fresh = await fetch(`${base}/sell/inventory/v1/inventory_item`, {
        headers: { authorization: `Bearer ${String(body.access_token)}` },
      });
      expect(fresh.status).toBe(200);

      const wider = await token({
        grant_type: 'refresh_token',
        refresh_token: first.refresh_token,
        scope: 'https://api.ebay.com/oauth/api_scope/sell.fulfillment',
      });
      expect(wider.status).toBe(400);
      expect(await wider.json()).toMatchObject({ error: 'invalid_scope' });

      ebay.clock.advance(47_304_000 * 1000);
      const dead = await token({ grant_type: 'refresh_token', refresh_token: first.refresh_token });
      expect(dead.status).toBe(400);
      expect(await dead.json()).toMatchObject({ error: 'invalid_grant' });
    } finally {
      ebay.clock.reset();
    }
  });

  it('issues application tokens (client_credentials) that cannot call seller APIs', async () => {
    const res = await token({
      grant_type: 'client_credentials',
      scope: 'https://api.ebay.com/oauth/api_scope',
    });
    const body = (await res.json()) as { access_token: string; token_type: string };
    expect(body.token_type).toBe('Application Access Token');
    const denied = await fetch(`${base}/sell/inventory/v1/inventory_item`, {
      headers: { authorization: `Bearer ${body.access_token}` },
    });
    expect(denied.status).toBe(403);
    const unsupported = await token({ grant_type: 'password' });
    expect(await unsupported.json()).toMatchObject({ error: 'unsupported_grant_type' });
  });
});
