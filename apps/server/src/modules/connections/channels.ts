import {
  EbayAdapter,
  ShopifyAdapter,
  TiktokAdapter,
  type ChannelAdapter,
  type EbayConfigInput,
  type ShopifyApiVersion,
  type ShopifyConfigInput,
  type TiktokConfigInput,
} from '@stocksync/channels';
import type { EbayEmulator, ShopifyEmulator, TiktokEmulator } from '@stocksync/emulators';
import type { Config } from '../../config';
import type { Platform } from '../../db/types';

/** One channel as the server uses it: its adapter and whether it talks to the local emulator. */
export interface ChannelEntry<A extends ChannelAdapter> {
  adapter: A;
  /** True when the adapter talks to the in-process emulator (demo / tests). */
  sandbox: boolean;
  /** The emulator's base URL in sandbox mode (its control routes simulate sales and stock edits). */
  emulatorUrl?: string;
  /** Shopify in sandbox mode: the emulator's seeded demo store (other names are empty stores). */
  sandboxShop?: string;
}

export interface Channels {
  shopify: ChannelEntry<ShopifyAdapter>;
  ebay: ChannelEntry<EbayAdapter>;
  tiktok: ChannelEntry<TiktokAdapter>;
  /** Where channels send webhooks (absolute URLs on APP_URL). */
  webhookUrls: { shopify: string; ebayDeletion: string; tiktok: string };
}

export type ChannelSettings = Pick<
  Config,
  | 'APP_URL'
  | 'SHOPIFY_CLIENT_ID'
  | 'SHOPIFY_CLIENT_SECRET'
  | 'SHOPIFY_API_VERSION'
  | 'SHOPIFY_SHOP_URL_TEMPLATE'
  | 'SHOPIFY_REDIRECT_URI'
  | 'EBAY_CLIENT_ID'
  | 'EBAY_CLIENT_SECRET'
  | 'EBAY_RU_NAME'
  | 'EBAY_AUTH_BASE_URL'
  | 'EBAY_API_BASE_URL'
  | 'EBAY_APIZ_BASE_URL'
  | 'EBAY_MARKETPLACE_ID'
  | 'EBAY_DELETION_VERIFICATION_TOKEN'
  | 'TIKTOK_APP_KEY'
  | 'TIKTOK_APP_SECRET'
  | 'TIKTOK_SERVICE_ID'
  | 'TIKTOK_AUTHORIZE_BASE_URL'
  | 'TIKTOK_AUTH_BASE_URL'
  | 'TIKTOK_API_BASE_URL'
>;

/** Emulators standing in for platforms without credentials, with their base URLs. */
export interface SandboxEmulators {
  shopify?: { emulator: ShopifyEmulator; url: string };
  ebay?: { emulator: EbayEmulator; url: string };
  tiktok?: { emulator: TiktokEmulator; url: string };
}

/** Extra adapter settings and run-time hooks (tests: fast bulk polling, small pages). */
export interface ChannelOverrides {
  shopify?: Partial<ShopifyConfigInput>;
  ebay?: Partial<EbayConfigInput>;
  tiktok?: Partial<TiktokConfigInput>;
}

/** Platforms whose credentials are not all configured: they run in sandbox mode. */
export function sandboxPlatforms(settings: Partial<ChannelSettings>): Platform[] {
  const out: Platform[] = [];
  if (!(settings.SHOPIFY_CLIENT_ID && settings.SHOPIFY_CLIENT_SECRET)) out.push('shopify');
  if (!(settings.EBAY_CLIENT_ID && settings.EBAY_CLIENT_SECRET && settings.EBAY_RU_NAME))
    out.push('ebay');
  if (!(settings.TIKTOK_APP_KEY && settings.TIKTOK_APP_SECRET && settings.TIKTOK_SERVICE_ID))
    out.push('tiktok');
  return out;
}

const defined = <T extends object>(value: T): T =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;

/**
 * Builds the three adapters from settings. A platform with credentials talks to the configured (by
 * default production) URLs; one without uses its emulator from `sandbox` with the emulator's sandbox
 * credentials, and the emulator is pointed back at this app (redirect and webhook URLs).
 */
export function buildChannels(
  settings: Partial<ChannelSettings> & Pick<ChannelSettings, 'APP_URL'>,
  sandbox: SandboxEmulators = {},
  overrides: ChannelOverrides = {},
): Channels {
  const appUrl = settings.APP_URL.replace(/\/$/, '');
  const webhookUrls = {
    shopify: `${appUrl}/v1/webhooks/shopify`,
    ebayDeletion: `${appUrl}/v1/webhooks/ebay/account-deletion`,
    tiktok: `${appUrl}/v1/webhooks/tiktok`,
  };
  const missing = new Set(sandboxPlatforms(settings));
  const need = <K extends keyof SandboxEmulators>(platform: K) => {
    const entry = sandbox[platform];
    if (!entry)
      throw new Error(
        `${platform} has no credentials configured and no sandbox emulator was started`,
      );
    return entry as NonNullable<SandboxEmulators[K]>;
  };

  let shopify: ChannelEntry<ShopifyAdapter>;
  const shopifyCommon = {
    redirectUri: settings.SHOPIFY_REDIRECT_URI ?? `${appUrl}/auth/shopify/callback`,
    ...(settings.SHOPIFY_API_VERSION
      ? { apiVersion: settings.SHOPIFY_API_VERSION as ShopifyApiVersion }
      : {}),
  };
  if (missing.has('shopify')) {
    const { emulator, url } = need('shopify');
    // App-wide subscriptions (the TOML equivalent): the only way to receive compliance topics.
    emulator.settings.app.webhooks = [
      {
        topics: ['customers/data_request', 'customers/redact', 'shop/redact'],
        uri: webhookUrls.shopify,
      },
    ];
    shopify = {
      sandbox: true,
      emulatorUrl: url,
      sandboxShop: emulator.settings.defaultShop,
      adapter: new ShopifyAdapter({
        ...shopifyCommon,
        clientId: emulator.settings.app.clientId,
        clientSecret: emulator.settings.app.clientSecret,
        shopUrlTemplate: `${url}/shops/{shop}`,
        ...overrides.shopify,
      }),
    };
  } else {
    shopify = {
      sandbox: false,
      adapter: new ShopifyAdapter({
        ...shopifyCommon,
        clientId: settings.SHOPIFY_CLIENT_ID!,
        clientSecret: settings.SHOPIFY_CLIENT_SECRET!,
        ...defined({ shopUrlTemplate: settings.SHOPIFY_SHOP_URL_TEMPLATE }),
        ...overrides.shopify,
      }),
    };
  }

  let ebay: ChannelEntry<EbayAdapter>;
  if (missing.has('ebay')) {
    const { emulator, url } = need('ebay');
    const es = emulator.settings;
    es.acceptUrl = `${appUrl}/auth/ebay/callback`;
    es.declineUrl = `${appUrl}/auth/ebay/callback?declined=true`;
    es.deletion.endpoint = webhookUrls.ebayDeletion;
    ebay = {
      sandbox: true,
      emulatorUrl: url,
      adapter: new EbayAdapter({
        clientId: es.clientId,
        clientSecret: es.clientSecret,
        ruName: es.ruName,
        authBaseUrl: url,
        apiBaseUrl: url,
        apizBaseUrl: url,
        deletionEndpoint: webhookUrls.ebayDeletion,
        deletionVerificationToken: es.deletion.verificationToken,
        ...overrides.ebay,
      }),
    };
  } else {
    ebay = {
      sandbox: false,
      adapter: new EbayAdapter({
        clientId: settings.EBAY_CLIENT_ID!,
        clientSecret: settings.EBAY_CLIENT_SECRET!,
        ruName: settings.EBAY_RU_NAME!,
        deletionEndpoint: webhookUrls.ebayDeletion,
        ...defined({
          authBaseUrl: settings.EBAY_AUTH_BASE_URL,
          apiBaseUrl: settings.EBAY_API_BASE_URL,
          apizBaseUrl: settings.EBAY_APIZ_BASE_URL,
          marketplaceId: settings.EBAY_MARKETPLACE_ID,
          deletionVerificationToken: settings.EBAY_DELETION_VERIFICATION_TOKEN,
        }),
        ...overrides.ebay,
      }),
    };
  }

  let tiktok: ChannelEntry<TiktokAdapter>;
  if (missing.has('tiktok')) {
    const { emulator, url } = need('tiktok');
    const ts = emulator.settings;
    ts.redirectUrl = `${appUrl}/auth/tiktok/callback`;
    ts.webhookUrl = webhookUrls.tiktok;
    tiktok = {
      sandbox: true,
      emulatorUrl: url,
      adapter: new TiktokAdapter({
        appKey: ts.appKey,
        appSecret: ts.appSecret,
        serviceId: ts.serviceId,
        authorizeBaseUrl: url,
        authBaseUrl: url,
        apiBaseUrl: url,
        ...overrides.tiktok,
      }),
    };
  } else {
    tiktok = {
      sandbox: false,
      adapter: new TiktokAdapter({
        appKey: settings.TIKTOK_APP_KEY!,
        appSecret: settings.TIKTOK_APP_SECRET!,
        serviceId: settings.TIKTOK_SERVICE_ID!,
        ...defined({
          authorizeBaseUrl: settings.TIKTOK_AUTHORIZE_BASE_URL,
          authBaseUrl: settings.TIKTOK_AUTH_BASE_URL,
          apiBaseUrl: settings.TIKTOK_API_BASE_URL,
        }),
        ...overrides.tiktok,
      }),
    };
  }
  return { shopify, ebay, tiktok, webhookUrls };
}
