import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../support/app';

const THEME_SCRIPT = "document.documentElement.classList.toggle('dark', true);";
const INDEX = `<!doctype html><title>StockSync</title><script>${THEME_SCRIPT}</script><div id="root"></div>`;

let t: TestApp;
let dist: string;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'stocksync-headers-'));
  fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
  t = await createTestApp({ webDist: dist });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

function directives(csp: string | undefined): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of (csp ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name, values);
  }
  return map;
}

describe('security headers', () => {
  it('come with every kind of answer: the web app, the API, a 404, an error', async () => {
    for (const [method, url] of [
      ['GET', '/'],
      ['GET', '/v1/health'],
      ['GET', '/v1/nothing-here'],
      ['GET', '/v1/users/me'],
      ['GET', '/docs'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      const csp = directives(res.headers['content-security-policy'] as string | undefined);
      expect(csp.get('frame-ancestors'), url).toEqual(["'none'"]);
      expect(csp.get('default-src'), url).toEqual(["'self'"]);
      expect(csp.get('object-src'), url).toEqual(["'none'"]);
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      // APP_URL is http here: no HSTS.
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
    }
  });

  it("allow the web app's inline theme script by its hash, not by 'unsafe-inline'", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    const scriptSrc = directives(res.headers['content-security-policy'] as string).get(
      'script-src',
    );
    const hash = crypto.createHash('sha256').update(THEME_SCRIPT).digest('base64');
    expect(scriptSrc).toEqual(["'self'", `'sha256-${hash}'`]);
  });

  it('mark API answers no-store, tokens and personal data included', async () => {
    const user = await signIn(t);
    const me = await t.app.inject({ method: 'GET', url: '/v1/users/me', headers: user.headers });
    expect(me.statusCode).toBe(200);
    expect(me.headers['cache-control']).toBe('no-store');
    const login = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { email: user.email },
      remoteAddress: '198.51.100.77',
    });
    expect(login.headers['cache-control']).toBe('no-store');
    const code = await t.smtp.waitForCode(user.email);
    const verify = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/verify',
      payload: { email: user.email, code },
      remoteAddress: '198.51.100.77',
    });
    expect(verify.statusCode).toBe(200);
    expect(verify.headers['cache-control']).toBe('no-store');
    const denied = await t.app.inject({ method: 'GET', url: '/v1/users/me' });
    expect(denied.headers['cache-control']).toBe('no-store');
  });
});

describe('security headers when APP_URL is https', () => {
  let secure: TestApp;
  beforeAll(async () => {
    secure = await createTestApp({
      config: {
        APP_URL: 'https://stocksync.example',
        SENTRY_DSN: 'https://key@o1.ingest.sentry.io/2',
        POSTHOG_KEY: 'phc_test',
        POSTHOG_HOST: 'https://eu.i.posthog.com',
      },
    });
  });
  afterAll(async () => {
    await secure?.close();
  });

  it('send HSTS, upgrade insecure requests, and allow the configured Sentry and PostHog hosts', async () => {
    const res = await secure.app.inject({ method: 'GET', url: '/v1/health' });
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const csp = directives(res.headers['content-security-policy'] as string);
    expect(csp.has('upgrade-insecure-requests')).toBe(true);
    expect(csp.get('connect-src')).toEqual([
      "'self'",
      'https://eu.i.posthog.com',
      'https://eu-assets.i.posthog.com',
      'https://o1.ingest.sentry.io',
    ]);
    expect(csp.get('script-src')).toEqual(["'self'", 'https://eu-assets.i.posthog.com']);
  });

  it('allow no third-party host when Sentry and PostHog are off', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/health' });
    expect(directives(res.headers['content-security-policy'] as string).get('connect-src')).toEqual(
      ["'self'"],
    );
  });
});
