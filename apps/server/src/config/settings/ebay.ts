import { z } from 'zod';
import { emptyToUndefined, optionalString, optionalUrl } from './values';

/** eBay app credentials and hosts; unset credentials mean sandbox mode (see ADR 0020). */
export const ebaySettings = {
  EBAY_CLIENT_ID: optionalString.describe(
    'eBay App ID. Unset: eBay runs in sandbox mode against the local emulator.',
  ),
  EBAY_CLIENT_SECRET: optionalString.describe('eBay Cert ID.'),
  EBAY_RU_NAME: optionalString.describe(
    'eBay RuName (redirect_uri), bound to APP_URL/auth/ebay/callback in the developer portal.',
  ),
  EBAY_AUTH_BASE_URL: optionalUrl.describe('eBay consent host (default https://auth.ebay.com).'),
  EBAY_API_BASE_URL: optionalUrl.describe(
    'eBay REST and token host (default https://api.ebay.com).',
  ),
  EBAY_APIZ_BASE_URL: optionalUrl.describe(
    'eBay Identity API host (default https://apiz.ebay.com).',
  ),
  EBAY_MARKETPLACE_ID: optionalString.describe('eBay marketplace id (default EBAY_US).'),
  EBAY_DELETION_VERIFICATION_TOKEN: z
    .preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^[A-Za-z0-9_-]{32,80}$/, 'must be 32 to 80 of A-Z a-z 0-9 _ -')
        .optional(),
    )
    .describe('eBay marketplace account deletion verification token (32 to 80 characters).'),
};
