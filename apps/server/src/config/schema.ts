import path from 'node:path';
import { z } from 'zod';

/** Repository root, so DATA_DIR defaults to <repo>/.data whatever the working directory. */
export const REPO_ROOT = path.resolve(import.meta.dirname, '../../../..');

const emptyToUndefined = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;
const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
const optionalUrl = z.preprocess(emptyToUndefined, z.url().optional());

const booleanFlag = (defaultValue: 'true' | 'false') =>
  z.preprocess(
    emptyToUndefined,
    z
      .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
      .default(defaultValue)
      .transform((v) => v === 'true' || v === '1' || v === 'yes'),
  );

/** Every environment variable the server reads. Descriptions feed the README. */
export const envSchema = z.object({
  PORT: z
    .preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65535).default(3000))
    .describe('HTTP port to listen on (default 3000).'),
  HOST: z
    .preprocess(emptyToUndefined, z.string().default('localhost'))
    .describe("Interface to listen on (default 'localhost'; use 0.0.0.0 in containers)."),
  DATA_DIR: z
    .preprocess(emptyToUndefined, z.string().default(path.join(REPO_ROOT, '.data')))
    .describe(
      'Directory for local state: embedded PostgreSQL data, the generated secret, the mail outbox (default <repo>/.data).',
    ),
  DATABASE_URL: optionalUrl.describe(
    'PostgreSQL connection string. Unset: an embedded PostgreSQL is started with its data in DATA_DIR/pg.',
  ),
  SMTP_URL: optionalUrl.describe(
    'SMTP server for outgoing mail, e.g. smtp://user:pass@host:587. Unset: mail goes to the log and DATA_DIR/outbox.log.',
  ),
  MAIL_FROM: z
    .preprocess(emptyToUndefined, z.string().default('StockSync <no-reply@stocksync.local>'))
    .describe('From address of outgoing mail (default StockSync <no-reply@stocksync.local>).'),
  APP_URL: optionalUrl.describe(
    'Public URL of the app, used in mails (default http://localhost:PORT).',
  ),
  APP_SECRET: z
    .preprocess(emptyToUndefined, z.string().min(32, 'must be at least 32 characters').optional())
    .describe(
      'Secret for signing tokens and encrypting stored credentials. Unset: 32 random bytes are generated once into DATA_DIR/secret.key.',
    ),
  LOG_LEVEL: z
    .preprocess(
      emptyToUndefined,
      z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    )
    .describe('Log level: fatal, error, warn, info (default), debug, trace or silent.'),
  SENTRY_DSN: optionalUrl.describe('Sentry DSN; error reporting is off when unset.'),
  POSTHOG_KEY: optionalString.describe('PostHog project key; product analytics is off when unset.'),
  POSTHOG_HOST: z
    .preprocess(emptyToUndefined, z.url().default('https://eu.i.posthog.com'))
    .describe('PostHog host (default https://eu.i.posthog.com).'),
  RUN_WORKER: booleanFlag('true').describe(
    'Run the background job worker in this process (default true). Set false for API-only processes.',
  ),
  SYNC_ORDER_POLL_SECONDS: z
    .preprocess(emptyToUndefined, z.coerce.number().min(0.2).max(3600).default(10))
    .describe(
      'How often eBay orders are polled for sales, in seconds (default 10; eBay has no sale webhooks in our scope).',
    ),
  SYNC_DRIFT_SETTLE_SECONDS: z
    .preprocess(emptyToUndefined, z.coerce.number().min(0).max(600).default(5))
    .describe(
      'How long a stock difference on eBay or TikTok Shop must persist before it is applied as an edit made there (default 5).',
    ),
  WORKER_CONCURRENCY: z
    .preprocess(emptyToUndefined, z.coerce.number().int().min(1).max(64).default(8))
    .describe('Jobs run at once by the worker of this process (default 8).'),
  AUTH_CODE_REQUESTS_PER_IP: z
    .preprocess(emptyToUndefined, z.coerce.number().int().min(1).default(20))
    .describe(
      'Sign-in/sign-up code requests allowed per client IP per 15 minutes (default 20; raise for end-to-end test runs).',
    ),
  AUTH_VERIFY_ATTEMPTS_PER_IP: z
    .preprocess(emptyToUndefined, z.coerce.number().int().min(1).default(30))
    .describe(
      'Code verification attempts allowed per client IP per 15 minutes (default 30; raise for end-to-end test runs).',
    ),
  API_RATE_LIMIT_PER_MINUTE: z
    .preprocess(emptyToUndefined, z.coerce.number().int().min(1).default(600))
    .describe(
      'API requests per client per minute: per signed-in user, else per IP (default 600; health, webhooks, static files exempt).',
    ),
  WEBHOOK_RATE_LIMIT_PER_MINUTE: z
    .preprocess(emptyToUndefined, z.coerce.number().int().min(1).default(12000))
    .describe('Channel and Stripe webhook requests allowed per IP per minute (default 12000).'),
  // Channels (docs/decisions/0020-channel-settings-and-sandbox-mode.md). A platform whose credentials
  // are unset runs against the in-process emulators (sandbox connections).
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
  // Billing (docs/decisions/0030-billing-and-gating.md).
  STRIPE_SECRET_KEY: optionalString.describe(
    'Stripe secret key (sk_...). Unset: billing runs in sandbox mode against the local Stripe emulator.',
  ),
  STRIPE_WEBHOOK_SECRET: optionalString.describe(
    'Signing secret (whsec_...) of the Stripe webhook endpoint APP_URL/v1/webhooks/stripe.',
  ),
  STRIPE_API_BASE_URL: optionalUrl.describe(
    'Stripe API origin (default https://api.stripe.com), e.g. a local emulator.',
  ),
  EMULATORS_PORT: z
    .preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(65530).default(0))
    .describe(
      'Sandbox mode: first port of the in-process emulators (index page, then Shopify, eBay, TikTok, Stripe); 0 = free ports (default).',
    ),
  DEMO_SHOPIFY_PRODUCTS: z
    .preprocess(emptyToUndefined, z.coerce.number().int().min(0).max(100000).default(300))
    .describe('Sandbox mode: products in the demo Shopify store (default 300).'),
  TRUST_PROXY: booleanFlag('false').describe(
    'Trust X-Forwarded-For from a reverse proxy for the client address used by rate limits (default false).',
  ),
});

export type Env = z.output<typeof envSchema>;

/** Name and description of every setting, for documentation. */
export function describeSettings(): { key: string; description: string }[] {
  return Object.entries(envSchema.shape).map(([key, schema]) => ({
    key,
    description: schema.description ?? '',
  }));
}
