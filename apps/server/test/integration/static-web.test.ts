import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';

let t: TestApp;
let dist: string;
const INDEX = '<!doctype html><title>StockSync</title><div id="root"></div>';

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'stocksync-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), INDEX);
  fs.writeFileSync(path.join(dist, 'assets', 'index-AbC123xY.js'), 'console.log(1)');
  fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg/>');
  t = await createTestApp({ webDist: dist });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('serving the web build', () => {
  it('serves index.html at / and for client routes', async () => {
    for (const url of ['/', '/auth/login', '/Acme%20Goods/inventory?page=2']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toBe(INDEX);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves hashed assets with long cache headers and other files without', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-AbC123xY.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('keeps JSON 404s for the API, docs, missing assets and non-GET requests', async () => {
    for (const [method, url] of [
      ['GET', '/v1/nothing-here'],
      ['GET', '/docs/nothing-here'],
      ['GET', '/assets/missing-12345678.js'],
      ['POST', '/some/page'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: 'Not found' });
    }
  });

  it('still answers the API', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/health' });
    expect(res.json()).toEqual({ ok: true, database: true });
  });
});
