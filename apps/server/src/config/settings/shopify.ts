import { optionalString, optionalUrl } from './values';

/**
 * Shopify app credentials and hosts. Unset credentials: Shopify connections run against the
 * in-process emulator (docs/decisions/0020-channel-settings-and-sandbox-mode.md).
 */
export const shopifySettings = {
  SHOPIFY_CLIENT_ID: optionalString.describe(
    'Shopify app client id. Unset: Shopify runs in sandbox mode against the local emulator.',
  ),
  SHOPIFY_CLIENT_SECRET: optionalString.describe(
    'Shopify app client secret (signs OAuth and webhook HMACs).',
  ),
  SHOPIFY_API_VERSION: optionalString.describe(
    'Shopify Admin API version (default: the adapter default, 2026-07).',
  ),
  SHOPIFY_SHOP_URL_TEMPLATE: optionalString.describe(
    'Origin of a shop with {shop} in it (default https://{shop}).',
  ),
  SHOPIFY_REDIRECT_URI: optionalUrl.describe(
    'OAuth redirect URI registered with the app (default APP_URL/auth/shopify/callback).',
  ),
};
