import { z } from 'zod';
import type { FetchLike } from '../http/fetch';

const SCOPE = 'https://api.ebay.com/oauth/api_scope';

export const ebayConfigSchema = z.object({
  clientId: z.string().min(1),
  clientSecret: z.string().min(1),
  /** eBay's redirect_uri is the RuName, bound to our accept URL in the developer portal. */
  ruName: z.string().min(1),
  scopes: z.array(z.string().min(1)).default([
    SCOPE,
    `${SCOPE}/sell.inventory`,
    `${SCOPE}/sell.fulfillment.readonly`,
    `${SCOPE}/commerce.identity.readonly`,
    // The seller's ORDER_CONFIRMATION subscription (sales pushed to us, not only polled).
    `${SCOPE}/commerce.notification.subscription`,
  ]),
  /** Consent page host (production https://auth.ebay.com, sandbox https://auth.sandbox.ebay.com). */
  authBaseUrl: z.url().default('https://auth.ebay.com'),
  /** REST and token host (https://api.ebay.com). */
  apiBaseUrl: z.url().default('https://api.ebay.com'),
  /** Identity API host (https://apiz.ebay.com). */
  apizBaseUrl: z.url().default('https://apiz.ebay.com'),
  marketplaceId: z.string().default('EBAY_US'),
  contentLanguage: z.string().default('en-US'),
  pageSize: z.number().int().min(1).max(200).default(25),
  ordersPageSize: z.number().int().min(1).max(200).default(50),
  timeoutMs: z.number().int().positive().default(30_000),
  /**
   * Our eBay notification endpoint exactly as registered, and its verification token: the marketplace
   * account deletion endpoint, and the Notification API destination ORDER_CONFIRMATION is sent to
   * (eBay challenges both with this token; see notifications.ts).
   */
  deletionEndpoint: z.url().optional(),
  deletionVerificationToken: z
    .string()
    .regex(/^[A-Za-z0-9_-]{32,80}$/)
    .optional(),
  /**
   * Alert email set with the Notification API's updateConfig when eBay refuses a destination for
   * want of one (409 195003); unset, that refusal is reported as it is.
   */
  notificationAlertEmail: z.email().optional(),
  /** How long a notification public key is cached (eBay recommends about an hour). */
  publicKeyTtlMs: z.number().int().positive().default(3_600_000),
  /**
   * getPublicKey on behalf of notifications anyone can post (public-keys.ts, ADR 0034): an id eBay
   * does not know is not asked again for an hour, and fetches of ids not cached spend a budget of
   * 10 at once and 2 a minute, at most 2,890 a day of the Notification API's 10,000.
   */
  unknownPublicKeyTtlMs: z.number().int().positive().default(3_600_000),
  publicKeyFetchBurst: z.number().int().min(1).default(10),
  publicKeyFetchesPerMinute: z.number().positive().default(2),
  maxUnknownPublicKeys: z.number().int().min(1).default(1_000),
});

export type EbayConfigInput = z.input<typeof ebayConfigSchema>;
export type EbayConfig = z.output<typeof ebayConfigSchema>;

export interface EbayRuntimeOptions {
  fetch?: FetchLike;
  now?: () => number;
}

/** bulkUpdatePriceQuantity accepts at most 25 requests and 25 offers per call (docs/channels §2.4). */
export const EBAY_BATCH_LIMIT = 25;
