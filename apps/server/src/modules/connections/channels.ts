import type {
  ChannelAdapter,
  EbayAdapter,
  EbayConfigInput,
  ShopifyAdapter,
  ShopifyConfigInput,
  TiktokAdapter,
  TiktokConfigInput,
} from '@stocksync/channels';
import type { EbayEmulator, ShopifyEmulator, TiktokEmulator } from '@stocksync/emulators';
import type { Config } from '../../config';
import type { Platform } from '../../db/types';
import type { ChannelBuild } from './channel-build';
import { ebayChannel } from './ebay-channel';
import { shopifyChannel } from './shopify-channel';
import { tiktokChannel } from './tiktok-channel';

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
  /** The platform's emulator when it has no credentials; undefined when it has them. */
  const emulatorOf = <K extends keyof SandboxEmulators>(platform: K) => {
    if (!missing.has(platform)) return undefined;
    const entry = sandbox[platform];
    if (!entry)
      throw new Error(
        `${platform} has no credentials configured and no sandbox emulator was started`,
      );
    return entry as NonNullable<SandboxEmulators[K]>;
  };
  const build: ChannelBuild = { settings, appUrl, webhookUrls };
  return {
    shopify: shopifyChannel(build, emulatorOf('shopify'), overrides.shopify),
    ebay: ebayChannel(build, emulatorOf('ebay'), overrides.ebay),
    tiktok: tiktokChannel(build, emulatorOf('tiktok'), overrides.tiktok),
    webhookUrls,
  };
}
