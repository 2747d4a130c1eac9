import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createShopifyEmulator, type ShopifyEmulator, type ShopifyEmulatorOptions } from './index';

/** Helpers shared by the Shopify emulator tests (not a test file itself). */

export const SHOP = 'test-store.myshopify.com';

export interface Started {
  emulator: ShopifyEmulator;
  base: string;
  token: string;
  /** POST a GraphQL document to the shop's endpoint over HTTP. */
  gql: (
    query: string,
    variables?: Record<string, unknown>,
    options?: { version?: string; token?: string },
  ) => Promise<{ status: number; headers: Headers; body: GqlBody }>;
}

export interface GqlBody {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  data?: any;
  errors?: Array<{ message: string; extensions?: Record<string, unknown>; path?: unknown[] }>;
  extensions?: {
    cost: {
      requestedQueryCost: number;
      actualQueryCost: number | null;
      throttleStatus: { maximumAvailable: number; currentlyAvailable: number; restoreRate: number };
    };
  };
}

export async function startShopify(
  options: ShopifyEmulatorOptions & { products?: number; locations?: number } = {},
): Promise<Started> {
  const { products = 20, locations = 2, ...rest } = options;
  const emulator = createShopifyEmulator({
    shops: [{ domain: SHOP, products, locations, seed: 7 }],
    bulkStartDelayMs: 1,
    bulkRunMs: 1,
    ...rest,
  });
  const base = await emulator.listen();
  const token = emulator.install(SHOP);
  const gql: Started['gql'] = async (query, variables, callOptions = {}) => {
    const version = callOptions.version ?? '2026-07';
    const res = await fetch(`${base}/shops/${SHOP}/admin/api/${version}/graphql.json`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'X-Shopify-Access-Token': callOptions.token ?? token,
      },
      body: JSON.stringify({ query, variables }),
    });
    return { status: res.status, headers: res.headers, body: (await res.json()) as GqlBody };
  };
  return { emulator, base, token, gql };
}

export interface ReceivedWebhook {
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A local HTTP receiver for webhooks; answers `status()` (default 200). */
export async function startReceiver(status: () => number = () => 200) {
  const received: ReceivedWebhook[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        url: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      response.statusCode = status();
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Polls until `check` returns a value (not undefined) or the timeout passes. */
export async function waitFor<T>(
  check: () => T | undefined | Promise<T | undefined>,
  ms = 5_000,
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error('waitFor timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
