import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, cookieFrom, signIn, uniqueEmail, type TestApp } from '../support/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const WINDOW_MS = 15 * 60 * 1000;

function requestCode(email: string, ip: string, cookies: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/v1/auth/login',
    payload: { email },
    remoteAddress: ip,
    cookies,
  });
}

function expectRetryAfter(res: { headers: Record<string, unknown> }, max: number) {
  const seconds = Number(res.headers['retry-after']);
  expect(seconds).toBeGreaterThan(0);
  expect(seconds).toBeLessThanOrEqual(max);
}

describe('strangers requesting codes for an address', () => {
  it('cannot lock the owner out with a few requests from one IP', async () => {
    const owner = uniqueEmail('owner');
    for (let i = 0; i < 5; i++) {
      expect((await requestCode(owner, '198.51.100.66')).statusCode).toBe(200);
    }
    const sixth = await requestCode(owner, '198.51.100.66');
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toEqual({
      error: 'Too many codes requested for this address. Please wait and try again.',
      field: 'email',
    });
    expectRetryAfter(sixth, WINDOW_MS / 1000);
    // The owner, from their own address, still gets a code and can sign in with it.
    expect((await requestCode(owner, '203.0.113.5')).statusCode).toBe(200);
    const code = await t.smtp.waitForCode(owner);
    const verified = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/verify',
      payload: { email: owner, code },
      remoteAddress: '203.0.113.5',
    });
    expect(verified.statusCode).toBe(200);
  });

  it('cannot lock out a browser that signed in as the address before, even from many IPs', async () => {
    const user = await signIn(t);
    // The browser that verified holds the known-browser cookie.
    const login = await requestCode(user.email, '203.0.113.10');
    expect(login.statusCode).toBe(200);
    const code = await t.smtp.waitForCode(user.email);
    const verified = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/verify',
      payload: { email: user.email, code },
      remoteAddress: '203.0.113.10',
    });
    const mark = cookieFrom(verified, 'known_browser');
    expect(mark).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(mark).not.toContain(user.email.split('@')[0]);

    // With the owner's 2, 28 requests from 6 other IPs use up the ceiling of 30 for the address.
    for (let i = 0; i < 28; i++) {
      const res = await requestCode(user.email, `192.0.2.${10 + Math.floor(i / 5)}`);
      expect(res.statusCode).toBe(200);
    }
    const stranger = await requestCode(user.email, '192.0.2.50');
    expect(stranger.statusCode).toBe(429);
    expectRetryAfter(stranger, WINDOW_MS / 1000);

    // The owner's browser, wherever it is now, still gets a code.
    const owner = await requestCode(user.email, '192.0.2.60', { known_browser: mark! });
    expect(owner.statusCode).toBe(200);
    // A mark made for another address does not help.
    const other = await requestCode(uniqueEmail('x'), '192.0.2.61', { known_browser: mark! });
    expect(other.statusCode).toBe(200);
    const forged = await requestCode(user.email, '192.0.2.62', { known_browser: 'forged' });
    expect(forged.statusCode).toBe(429);
  });

  it('sends Retry-After with the per-IP 429 too, and lets the window pass', async () => {
    const ip = '198.51.100.150';
    for (let i = 0; i < 20; i++) {
      expect((await requestCode(uniqueEmail('ip'), ip)).statusCode).toBe(200);
    }
    t.clock.advance(5 * 60 * 1000);
    const limited = await requestCode(uniqueEmail('ip'), ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: 'Too many requests, please try again later.' });
    // The oldest request leaves the window in about 10 minutes.
    const seconds = Number(limited.headers['retry-after']);
    expect(seconds).toBeGreaterThan(9 * 60);
    expect(seconds).toBeLessThanOrEqual(10 * 60);
    t.clock.advance(seconds * 1000);
    expect((await requestCode(uniqueEmail('ip'), ip)).statusCode).toBe(200);
  });
});

describe('every 429 of sign-in', () => {
  it('sends Retry-After for too many verify attempts from one IP', async () => {
    let last;
    for (let i = 0; i < 31; i++) {
      last = await t.app.inject({
        method: 'POST',
        url: '/v1/auth/verify',
        payload: { email: uniqueEmail('v'), code: '123456' },
        remoteAddress: '198.51.100.240',
      });
    }
    expect(last!.statusCode).toBe(429);
    expectRetryAfter(last!, WINDOW_MS / 1000);
  });
});

describe('wrong codes', () => {
  it('says a new code is needed once the tries are used, and a new code works', async () => {
    const email = uniqueEmail('tries');
    await requestCode(email, '198.51.100.200');
    const code = await t.smtp.waitForCode(email);
    const wrong = code === '999999' ? '888888' : '999999';
    const verify = (value: string) =>
      t.app.inject({
        method: 'POST',
        url: '/v1/auth/verify',
        payload: { email, code: value },
        remoteAddress: '198.51.100.200',
      });
    for (let i = 0; i < 4; i++) {
      expect((await verify(wrong)).json()).toEqual({ error: 'Invalid code', field: 'code' });
    }
    const fifth = await verify(wrong);
    expect(fifth.statusCode).toBe(400);
    expect(fifth.json()).toEqual({
      error: 'Too many wrong codes. Please request a new code.',
      field: 'code',
    });
    // Even the right code is refused now, with the same advice.
    const right = await verify(code);
    expect(right.statusCode).toBe(400);
    expect(right.json().error).toBe('Too many wrong codes. Please request a new code.');

    await requestCode(email, '198.51.100.200');
    const fresh = await t.smtp.waitForCode(email);
    expect((await verify(fresh)).statusCode).toBe(200);
  });
});
