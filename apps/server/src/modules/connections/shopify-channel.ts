import {
  ShopifyAdapter,
  type ShopifyApiVersion,
  type ShopifyConfigInput,
} from '@stocksync/channels';
import { defined, type ChannelBuild } from './channel-build';
import type { ChannelEntry, SandboxEmulators } from './channels';

/** Shopify's adapter: the configured app, or the emulator's when no credentials are set. */
export function shopifyChannel(
  { settings, appUrl, webhookUrls }: ChannelBuild,
  sandbox: SandboxEmulators['shopify'],
  overrides: Partial<ShopifyConfigInput> = {},
): ChannelEntry<ShopifyAdapter> {
  const common = {
    redirectUri: settings.SHOPIFY_REDIRECT_URI ?? `${appUrl}/auth/shopify/callback`,
    ...(settings.SHOPIFY_API_VERSION
      ? { apiVersion: settings.SHOPIFY_API_VERSION as ShopifyApiVersion }
      : {}),
  };
  if (!sandbox)
    return {
      sandbox: false,
      adapter: new ShopifyAdapter({
        ...common,
        clientId: settings.SHOPIFY_CLIENT_ID!,
        clientSecret: settings.SHOPIFY_CLIENT_SECRET!,
        ...defined({ shopUrlTemplate: settings.SHOPIFY_SHOP_URL_TEMPLATE }),
        ...overrides,
      }),
    };
  const { emulator, url } = sandbox;
  // App-wide subscriptions (the TOML equivalent): the only way to receive compliance topics.
  emulator.settings.app.webhooks = [
    {
      topics: ['customers/data_request', 'customers/redact', 'shop/redact'],
      uri: webhookUrls.shopify,
    },
  ];
  return {
    sandbox: true,
    emulatorUrl: url,
    sandboxShop: emulator.settings.defaultShop,
    adapter: new ShopifyAdapter({
      ...common,
      clientId: emulator.settings.app.clientId,
      clientSecret: emulator.settings.app.clientSecret,
      shopUrlTemplate: `${url}/shops/{shop}`,
      ...overrides,
    }),
  };
}
