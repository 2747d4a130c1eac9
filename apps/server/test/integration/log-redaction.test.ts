import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServerLogger } from '../../src/lib/log-redaction';
import { createTestApp, type TestApp } from '../support/app';

// Every secret below contains this marker, so one search finds any that leaked.
const MARK = 'LEAKED';
const lines: string[] = [];
let t: TestApp;

beforeAll(async () => {
  const logger = createServerLogger('info', { write: (chunk: string) => lines.push(chunk) });
  t = await createTestApp({ logger });
});
afterAll(async () => {
  await t?.close();
});

function loggedUrls(): string[] {
  return lines
    .map((line) => JSON.parse(line) as { req?: { url?: string } })
    .flatMap((entry) => (entry.req?.url ? [entry.req.url] : []));
}

describe('server log', () => {
  it('logs OAuth callback and token URLs with their secrets redacted', async () => {
    const urls = [
      `/auth/shopify/callback?code=${MARK}code1&hmac=${MARK}hmac1&shop=demo.myshopify.com&state=${MARK}state1&timestamp=1700000000`,
      `/auth/ebay/callback?code=v%5E1.1%23${MARK}ebay&state=${MARK}state2&expires_in=299`,
      `/v1/platforms/shopify/install?hmac=${MARK}hmac2&shop=demo.myshopify.com&timestamp=1700000000`,
      `/v1/users/me?access_token=${MARK}token1&refresh_token=${MARK}token2&Token=${MARK}token3`,
      `/v1/invitations/accept?token=${MARK}invite&signature=${MARK}sig#code=x`,
    ];
    for (const url of urls) {
      await t.app.inject({
        method: 'GET',
        url,
        headers: { authorization: `Bearer ${MARK}bearer`, cookie: `refresh=${MARK}cookie` },
      });
    }

    expect(lines.join('')).not.toContain(MARK);
    const logged = loggedUrls();
    expect(logged).toContain(
      '/auth/shopify/callback?code=[redacted]&hmac=[redacted]&shop=demo.myshopify.com&state=[redacted]&timestamp=1700000000',
    );
    expect(logged).toContain('/auth/ebay/callback?code=[redacted]&state=[redacted]&expires_in=299');
    expect(logged).toContain(
      '/v1/users/me?access_token=[redacted]&refresh_token=[redacted]&Token=[redacted]',
    );
    // Each request is logged at least once (incoming and completed).
    for (const url of urls) {
      const path = url.split('?')[0]!;
      expect(logged.some((entry) => entry.startsWith(`${path}?`))).toBe(true);
    }
  });

  it('redacts secrets in messages, errors and credential headers logged by the app', () => {
    const before = lines.length;
    t.app.log.info(`redirecting to https://shop.example/admin/oauth?state=${MARK}s&code=${MARK}c`);
    t.app.log.error(
      { err: new Error(`GET https://api.example/identity?access_token=${MARK}e failed`) },
      'call failed',
    );
    t.app.log.warn(
      {
        headers: { Authorization: `Bearer ${MARK}h1`, cookie: `a=${MARK}h2` },
        upstream: { headers: { authorization: `Basic ${MARK}h3` } },
      },
      'upstream answered 401',
    );
    const added = lines.slice(before);
    expect(added).toHaveLength(3);
    expect(added.join('')).not.toContain(MARK);
    expect(added[0]).toContain('oauth?state=[redacted]&code=[redacted]');
    expect(added[1]).toContain('identity?access_token=[redacted] failed');
  });
});
