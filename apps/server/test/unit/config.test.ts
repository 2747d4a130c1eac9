import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, describeSettings, loadConfig, parseEnv } from '../../src/config';
import { REPO_ROOT } from '../../src/config/repo-root';

const dirs: string[] = [];
function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stocksync-config-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('parseEnv', () => {
  it('applies the documented defaults', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      PORT: 3000,
      HOST: 'localhost',
      DATA_DIR: path.join(REPO_ROOT, '.data'),
      LOG_LEVEL: 'info',
      POSTHOG_HOST: 'https://eu.i.posthog.com',
      RUN_WORKER: true,
      TRUST_PROXY: false,
      AUTH_CODE_REQUESTS_PER_IP: 20,
      AUTH_VERIFY_ATTEMPTS_PER_IP: 30,
      API_RATE_LIMIT_PER_MINUTE: 600,
      WEBHOOK_RATE_LIMIT_PER_MINUTE: 12000,
    });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SMTP_URL).toBeUndefined();
  });

  it('resolves the default DATA_DIR to the repository root', () => {
    expect(fs.existsSync(path.join(REPO_ROOT, 'package.json'))).toBe(true);
    expect(fs.existsSync(path.join(REPO_ROOT, 'apps', 'server'))).toBe(true);
  });

  it('reads values and treats empty strings as unset', () => {
    const env = parseEnv({ PORT: '8080', RUN_WORKER: 'false', SMTP_URL: '', LOG_LEVEL: 'debug' });
    expect(env).toMatchObject({ PORT: 8080, RUN_WORKER: false, LOG_LEVEL: 'debug' });
    expect(env.SMTP_URL).toBeUndefined();
  });

  it('lists every bad key at once', () => {
    let error: unknown;
    try {
      parseEnv({
        PORT: 'eighty',
        DATABASE_URL: 'not a url',
        LOG_LEVEL: 'loud',
        APP_SECRET: 'short',
        RUN_WORKER: 'maybe',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems.join('\n');
    for (const key of ['PORT', 'DATABASE_URL', 'LOG_LEVEL', 'APP_SECRET', 'RUN_WORKER']) {
      expect(problems).toContain(`${key}:`);
    }
    expect((error as ConfigError).message).toContain('Invalid configuration');
  });

  it('describes every setting', () => {
    const settings = describeSettings();
    expect(settings.map((s) => s.key)).toEqual([
      'PORT',
      'HOST',
      'DATA_DIR',
      'DATABASE_URL',
      'SMTP_URL',
      'MAIL_FROM',
      'APP_URL',
      'APP_SECRET',
      'LOG_LEVEL',
      'SENTRY_DSN',
      'POSTHOG_KEY',
      'POSTHOG_HOST',
      'RUN_WORKER',
      'SYNC_ORDER_POLL_SECONDS',
      'SYNC_DRIFT_SETTLE_SECONDS',
      'SYNC_SHOPIFY_CHANGES_SECONDS',
      'SYNC_EBAY_CHANGES_SECONDS',
      'WORKER_CONCURRENCY',
      'AUTH_CODE_REQUESTS_PER_IP',
      'AUTH_VERIFY_ATTEMPTS_PER_IP',
      'API_RATE_LIMIT_PER_MINUTE',
      'WEBHOOK_RATE_LIMIT_PER_MINUTE',
      'SHOPIFY_CLIENT_ID',
      'SHOPIFY_CLIENT_SECRET',
      'SHOPIFY_API_VERSION',
      'SHOPIFY_SHOP_URL_TEMPLATE',
      'SHOPIFY_REDIRECT_URI',
      'EBAY_CLIENT_ID',
      'EBAY_CLIENT_SECRET',
      'EBAY_RU_NAME',
      'EBAY_AUTH_BASE_URL',
      'EBAY_API_BASE_URL',
      'EBAY_APIZ_BASE_URL',
      'EBAY_MARKETPLACE_ID',
      'EBAY_DELETION_VERIFICATION_TOKEN',
      'TIKTOK_APP_KEY',
      'TIKTOK_APP_SECRET',
      'TIKTOK_SERVICE_ID',
      'TIKTOK_AUTHORIZE_BASE_URL',
      'TIKTOK_AUTH_BASE_URL',
      'TIKTOK_API_BASE_URL',
      'STRIPE_SECRET_KEY',
      'STRIPE_WEBHOOK_SECRET',
      'STRIPE_API_BASE_URL',
      'EMULATORS_PORT',
      'DEMO_SHOPIFY_PRODUCTS',
      'TRUST_PROXY',
    ]);
    for (const setting of settings) expect(setting.description.length).toBeGreaterThan(10);
  });
});

describe('loadConfig', () => {
  it('generates a secret once, keeps it with mode 0600 and reuses it', () => {
    const dataDir = path.join(tempDir(), 'nested', 'data');
    const first = loadConfig({ DATA_DIR: dataDir });
    const file = path.join(dataDir, 'secret.key');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(first.APP_SECRET.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dataDir }).APP_SECRET).toBe(first.APP_SECRET);
  });

  it('prefers APP_SECRET and writes no file', () => {
    const dataDir = tempDir();
    const secret = 'x'.repeat(40);
    expect(loadConfig({ DATA_DIR: dataDir, APP_SECRET: secret }).APP_SECRET).toBe(secret);
    expect(fs.existsSync(path.join(dataDir, 'secret.key'))).toBe(false);
  });

  it('derives APP_URL from PORT and freezes the result', () => {
    const config = loadConfig({ DATA_DIR: tempDir(), PORT: '4100' });
    expect(config.APP_URL).toBe('http://localhost:4100');
    expect(Object.isFrozen(config)).toBe(true);
    expect(loadConfig({ DATA_DIR: tempDir(), APP_URL: 'https://app.example.com/' }).APP_URL).toBe(
      'https://app.example.com',
    );
  });
});
