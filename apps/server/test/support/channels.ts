import {
  createEbayEmulator,
  createShopifyEmulator,
  createTiktokEmulator,
  type EbayEmulator,
  type ShopifyEmulator,
  type TiktokEmulator,
} from '@stocksync/emulators';
import {
  buildChannels,
  type ChannelOverrides,
  type Channels,
} from '../../src/modules/connections/channels';
import { orgCall } from '../integration/catalog-fixtures';
import type { SignedInUser, TestApp } from './app';

export const DEMO_SHOP = 'stocksync-demo.myshopify.com';

export interface TestChannels {
  shopify: ShopifyEmulator;
  ebay: EbayEmulator;
  tiktok: TiktokEmulator;
  channels: Channels;
  close(): Promise<void>;
}

/**
 * The three channel emulators in-process on free ports, small catalogues sharing SKUs (prefix SS:
 * Shopify products 0..11, eBay 6..11, TikTok 9..13), and adapters built the way main.ts builds
 * them in sandbox mode (no credentials configured).
 */
export async function startTestChannels(
  options: { appUrl?: string; shopifyProducts?: number; overrides?: ChannelOverrides } = {},
): Promise<TestChannels> {
  const shopify = createShopifyEmulator({
    shops: [{ domain: DEMO_SHOP, products: options.shopifyProducts ?? 12, seed: 42 }],
    bulkStartDelayMs: 0,
    bulkRunMs: 0,
  });
  const ebay = createEbayEmulator({ catalogue: { products: 6, seed: 42, offset: 6 } });
  const tiktok = createTiktokEmulator({ catalogue: { products: 5, seed: 42, offset: 9 } });
  const [shopifyUrl, ebayUrl, tiktokUrl] = await Promise.all([
    shopify.listen(),
    ebay.listen(),
    tiktok.listen(),
  ]);
  const channels = buildChannels(
    { APP_URL: options.appUrl ?? 'http://localhost:3000' },
    {
      shopify: { emulator: shopify, url: shopifyUrl },
      ebay: { emulator: ebay, url: ebayUrl },
      tiktok: { emulator: tiktok, url: tiktokUrl },
    },
    { shopify: { bulkPollIntervalMs: 20 }, ...options.overrides },
  );
  return {
    shopify,
    ebay,
    tiktok,
    channels,
    async close() {
      await Promise.all([shopify.close(), ebay.close(), tiktok.close()]);
    },
  };
}

async function follow(url: string, form: Record<string, string>, action?: string) {
  const page = await fetch(url);
  if (page.status !== 200) throw new Error(`consent page answered ${page.status}`);
  const body = new URLSearchParams(action ? new URL(url).searchParams : undefined);
  for (const [k, v] of Object.entries(form)) body.set(k, v);
  const answer = await fetch(action ?? url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: body.toString(),
    redirect: 'manual',
  });
  const location = answer.headers.get('location');
  if (!location) throw new Error(`consent answered ${answer.status} without a redirect`);
  return Object.fromEntries(new URL(location).searchParams);
}

/** Approves a consent page like a seller would; answers the query of the redirect back to us. */
export function approve(
  platform: 'shopify' | 'ebay' | 'tiktok',
  url: string,
  decline = false,
): Promise<Record<string, string>> {
  if (platform === 'shopify') return follow(url, { decision: decline ? 'decline' : 'approve' });
  const origin = new URL(url).origin;
  if (platform === 'ebay')
    return follow(url, { decision: decline ? 'decline' : 'agree' }, `${origin}/oauth2/authorize`);
  return follow(url, { decision: decline ? 'cancel' : 'authorize' }, `${origin}/open/authorize`);
}

/** Connects the signed-in user's first organisation to a Shopify store through OAuth; answers the pc_id. */
export async function connectShopify(
  t: TestApp,
  user: SignedInUser,
  shop = DEMO_SHOP,
): Promise<string> {
  const started = await orgCall(t, user, 'POST', '/v1/platforms/shopify', { shop });
  const query = await approve('shopify', started.json<{ url: string }>().url);
  const done = await t.app.inject({
    method: 'POST',
    url: '/v1/platforms/shopify/callback',
    headers: user.headers,
    payload: { query },
  });
  if (done.statusCode !== 200) throw new Error(`shopify callback answered ${done.statusCode}`);
  return done.json<{ platform_connection_id: string }>().platform_connection_id;
}

/** The same for eBay or TikTok Shop (consent URL, then the code and state posted back). */
export async function connectOAuth(
  t: TestApp,
  user: SignedInUser,
  platform: 'ebay' | 'tiktok',
): Promise<string> {
  const started = await orgCall(t, user, 'GET', `/v1/platforms/${platform}/oauth/get-url`);
  const query = await approve(platform, started.json<{ url: string }>().url);
  const done = await t.app.inject({
    method: 'POST',
    url: `/v1/platforms/${platform}/oauth`,
    headers: user.headers,
    payload: { code: query.code, state: query.state },
  });
  if (done.statusCode !== 200) throw new Error(`${platform} oauth answered ${done.statusCode}`);
  return done.json<{ platform_connection_id: string }>().platform_connection_id;
}
