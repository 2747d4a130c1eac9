import { optionalString, optionalUrl } from './values';

/** TikTok Shop app credentials and hosts; unset credentials mean sandbox mode (see ADR 0020). */
export const tiktokSettings = {
  TIKTOK_APP_KEY: optionalString.describe(
    'TikTok Shop app key. Unset: TikTok Shop runs in sandbox mode against the local emulator.',
  ),
  TIKTOK_APP_SECRET: optionalString.describe('TikTok Shop app secret.'),
  TIKTOK_SERVICE_ID: optionalString.describe('TikTok Shop Partner Center service id.'),
  TIKTOK_AUTHORIZE_BASE_URL: optionalUrl.describe(
    'TikTok seller authorisation host (default https://services.tiktokshop.com).',
  ),
  TIKTOK_AUTH_BASE_URL: optionalUrl.describe(
    'TikTok token host (default https://auth.tiktok-shops.com).',
  ),
  TIKTOK_API_BASE_URL: optionalUrl.describe(
    'TikTok Open API host (default https://open-api.tiktokglobalshop.com).',
  ),
};
