import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
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
  // What the build writes beside each file (apps/web/vite.config.ts): brotli and gzip copies, maps.
  for (const file of ['index.html', 'assets/index-AbC123xY.js']) {
    const body = fs.readFileSync(path.join(dist, file));
    fs.writeFileSync(path.join(dist, `${file}.br`), zlib.brotliCompressSync(body));
    fs.writeFileSync(path.join(dist, `${file}.gz`), zlib.gzipSync(body));
  }
  fs.writeFileSync(path.join(dist, 'assets', 'index-AbC123xY.js.map'), '{"version":3}');
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

  it('sends the precompressed copy the browser accepts, brotli first, with the same caching', async () => {
    for (const [acceptEncoding, encoding, decode] of [
      ['gzip, deflate, br, zstd', 'br', zlib.brotliDecompressSync],
      ['gzip, deflate', 'gzip', zlib.gunzipSync],
    ] as const) {
      const asset = await t.app.inject({
        method: 'GET',
        url: '/assets/index-AbC123xY.js',
        headers: { 'accept-encoding': acceptEncoding },
      });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['content-encoding']).toBe(encoding);
      expect(asset.headers['content-type']).toContain('javascript');
      expect(asset.headers['vary']).toContain('accept-encoding');
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(decode(asset.rawPayload).toString()).toBe('console.log(1)');

      for (const url of ['/', '/Acme%20Goods/inventory']) {
        const page = await t.app.inject({
          method: 'GET',
          url,
          headers: { 'accept-encoding': acceptEncoding },
        });
        expect(page.headers['content-encoding']).toBe(encoding);
        expect(page.headers['cache-control']).toBe('no-cache');
        expect(decode(page.rawPayload).toString()).toBe(INDEX);
      }
    }
    const plain = await t.app.inject({ method: 'GET', url: '/assets/index-AbC123xY.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
  });

  it('does not serve source maps', async () => {
    for (const url of ['/assets/index-AbC123xY.js.map', '/index.js.map']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ error: 'Not found' });
    }
  });

  it('still answers the API', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/health' });
    expect(res.json()).toEqual({ ok: true, database: true });
  });
});
