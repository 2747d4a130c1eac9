import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Emulator } from './core';
import { createEbayEmulator } from './ebay';
import { createShopifyEmulator } from './shopify';
import { createStripeEmulator } from './stripe';
import { createTiktokEmulator } from './tiktok';

export interface RunningEmulators {
  /** Index page listing every emulator with its base URL and sandbox accounts. */
  indexUrl: string;
  urls: Record<Emulator['name'], string>;
  emulators: Emulator[];
  close(): Promise<void>;
}

export interface StartAllOptions {
  /** Index page port; the emulators take the next four (0 = free ports everywhere). */
  basePort?: number;
  /** Products in the sandbox Shopify store (eBay and TikTok seed their own defaults). */
  shopifyProducts?: number;
  /**
   * Folder keeping each emulator's state (`<name>.v8`) across restarts; unset: in memory only.
   * A restarted emulator then still knows the tokens, customers and stock it handed out.
   */
  stateDir?: string;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function indexPage(emulators: Emulator[], urls: Record<string, string>): string {
  const sections = emulators
    .map((emulator) => {
      const info = emulator.describe();
      const accounts = info.accounts
        .map(
          (account) =>
            `<table>${Object.entries(account)
              .map(
                ([k, v]) =>
                  `<tr><th>${escapeHtml(k)}</th><td><code>${escapeHtml(v)}</code></td></tr>`,
              )
              .join('')}</table>`,
        )
        .join('');
      const url = urls[emulator.name] ?? '';
      return `<section><h2>${escapeHtml(info.title)}</h2><p><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p>${accounts}</section>`;
    })
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>StockSync emulators</title>
<style>body{font:14px system-ui,sans-serif;margin:2rem;max-width:60rem}th{text-align:left;padding-right:1rem;font-weight:600}td,th{padding:2px 0}table{margin:.5rem 0 1rem}code{background:#f2f2f2;padding:0 4px}</style>
</head><body><h1>StockSync emulators</h1><p>Local Shopify, eBay, TikTok Shop and Stripe speaking the real wire formats. Sandbox accounts only; nothing here reaches the real services. Control interface: <code>/_emulator/*</code> on each (see packages/emulators/README.md).</p>${sections}</body></html>`;
}

/** Starts all four emulators (seeded sandbox accounts) and an index page. */
export async function startAllEmulators(options: StartAllOptions = {}): Promise<RunningEmulators> {
  const base = options.basePort ?? 0;
  const port = (offset: number) => (base === 0 ? 0 : base + offset);
  const stateFile = (name: Emulator['name']) =>
    options.stateDir ? { stateFile: path.join(options.stateDir, `${name}.v8`) } : {};
  const shopify = createShopifyEmulator(stateFile('shopify'));
  const emulators: Emulator[] = [
    shopify,
    createEbayEmulator(stateFile('ebay')),
    createTiktokEmulator(stateFile('tiktok')),
    createStripeEmulator(stateFile('stripe')),
  ];
  const urls = {} as Record<Emulator['name'], string>;
  for (const [i, emulator] of emulators.entries()) {
    urls[emulator.name] = await emulator.listen(port(i + 1));
  }
  if (!shopify.restoredState)
    shopify.seed(shopify.settings.defaultShop, { products: options.shopifyProducts ?? 300 });

  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(indexPage(emulators, urls));
  });
  await new Promise<void>((resolve) => server.listen(port(0), '127.0.0.1', resolve));
  const indexUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    indexUrl,
    urls,
    emulators,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await Promise.all(emulators.map((e) => e.close()));
    },
  };
}
