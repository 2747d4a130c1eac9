import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type SignedInUser, type TestApp } from '../support/app';

// A low limit so the test can reach it; suites get a high one from createTestApp.
const PER_MINUTE = 5;
const WEBHOOKS_PER_MINUTE = 8;
let t: TestApp;
let alice: SignedInUser;
let bob: SignedInUser;

beforeAll(async () => {
  t = await createTestApp({
    config: {
      API_RATE_LIMIT_PER_MINUTE: PER_MINUTE,
      WEBHOOK_RATE_LIMIT_PER_MINUTE: WEBHOOKS_PER_MINUTE,
    },
  });
  alice = await signIn(t);
  bob = await signIn(t);
});
afterAll(async () => {
  await t?.close();
});

function getMe(user: SignedInUser | null, remoteAddress: string) {
  return t.app.inject({
    method: 'GET',
    url: '/v1/users/me',
    headers: user ? user.headers : {},
    remoteAddress,
  });
}

describe('the general API rate limit', () => {
  it('answers 429 with Retry-After once a signed-in user has used the minute, wherever they call from', async () => {
    for (let i = 0; i < PER_MINUTE; i++) {
      const res = await getMe(alice, `192.0.2.${i + 1}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-ratelimit-limit']).toBe(String(PER_MINUTE));
    }
    const limited = await getMe(alice, '192.0.2.99');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: 'Too many requests, please try again later.' });
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
  });

  it('leaves another user on the same address alone', async () => {
    const res = await getMe(bob, '192.0.2.1');
    expect(res.statusCode).toBe(200);
  });

  it('counts clients without a valid token per IP', async () => {
    const forged = { ...alice, headers: { authorization: 'Bearer not-a-token' } };
    for (let i = 0; i < PER_MINUTE; i++) {
      expect((await getMe(i % 2 ? null : forged, '203.0.113.7')).statusCode).toBe(401);
    }
    const limited = await getMe(null, '203.0.113.7');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await getMe(null, '203.0.113.8')).statusCode).toBe(401);
  });

  it('does not count health checks', async () => {
    for (let i = 0; i < PER_MINUTE * 3; i++) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/v1/health',
        remoteAddress: '203.0.113.20',
      });
      expect(res.statusCode).toBe(200);
    }
  });

  it('gives webhooks their own, higher per-IP limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < WEBHOOKS_PER_MINUTE + 1; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/webhooks/stripe',
        headers: { 'content-type': 'application/json' },
        payload: '{}',
        remoteAddress: '203.0.113.30',
      });
      statuses.push(res.statusCode);
    }
    // More than the API's limit got through to the webhook route (which refuses the unsigned body).
    expect(statuses.slice(0, WEBHOOKS_PER_MINUTE).every((s) => s !== 429)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});
