import type { ApiVersion } from './schema';

export type PlanName = 'standard' | 'advanced' | 'plus' | 'enterprise';

export interface BucketSettings {
  /** Bucket size in cost points (`throttleStatus.maximumAvailable`). */
  maximumAvailable: number;
  /** Points restored per second (`throttleStatus.restoreRate`). */
  restoreRate: number;
}

/** The sandbox app a merchant installs (Partner Dashboard / shopify.app.toml equivalent). */
export interface ShopifyAppSettings {
  clientId: string;
  clientSecret: string;
  /** Shown on the authorize page and in currentAppInstallation.app. */
  title: string;
  handle: string;
  /** Where install requests go (the app's "App URL"). */
  appUrl: string;
  /** Allowed redirect URIs; an empty list allows any (handy for tests on random ports). */
  redirectUrls: string[];
  /**
   * App-wide webhook subscriptions (shopify.app.toml `[[webhooks.subscriptions]]`); the only way to
   * receive the compliance topics `customers/data_request`, `customers/redact`, `shop/redact`.
   */
  webhooks: Array<{ topics: string[]; uri: string }>;
  /** API version of app-wide webhook payloads (`X-Shopify-API-Version`). */
  webhookApiVersion: ApiVersion;
}

export interface ShopifySettings {
  app: ShopifyAppSettings;
  /** Shop used when a request names none (no /shops/{shop} prefix, no myshopify Host, no token). */
  defaultShop: string;
  /** Create an empty shop (one location) the first time an unknown *.myshopify.com is addressed. */
  autoCreateShops: boolean;
  /** Plan of shops created without one. */
  defaultPlan: PlanName;
  /**
   * Leaky bucket per plan. Restore rates are the documented current values (docs/channels §1.6,
   * confirmed); bucket sizes are (unconfirmed): 20 x restore rate, matching the doc example
   * `maximumAvailable: 2000, restoreRate: 100`.
   */
  plans: Record<PlanName, BucketSettings>;
  /** Switch the calculated-cost throttle off (cost is still reported). */
  rateLimiting: boolean;
  /** HTTP status of a THROTTLED answer; (unconfirmed) 200, 429 selectable. */
  throttledHttpStatus: 200 | 429;
  /** Single query max cost (unconfirmed, long-standing 1000). */
  maxQueryCost: number;
  /** Max `first`/`last` of a connection (unconfirmed, standard 250). */
  maxPageSize: number;
  /** Cost of a mutation root field (unconfirmed, 10). */
  mutationCost: number;
  /** Access token lifetime of expiring offline tokens, seconds (confirmed 3600). */
  accessTokenTtlSeconds: number;
  /** Refresh token lifetime, seconds (unconfirmed; 90 days). */
  refreshTokenTtlSeconds: number;
  /** Online (per-user) token lifetime, seconds (unconfirmed; ~24 h). */
  onlineTokenTtlSeconds: number;
  /** Authorization code lifetime, seconds. */
  authorizationCodeTtlSeconds: number;
  /**
   * Whether the authorization-code grant issues expiring tokens when the request does not say
   * (`expiring=1|0` in the token request body; opt-in parameter for that grant is unconfirmed).
   */
  expiringTokensByDefault: boolean;
  /** Scopes granted when the authorize request names none. */
  defaultScopes: string[];
  /** Allowed `reason` values of inventory mutations (full list unconfirmed). */
  inventoryReasons: string[];
  /** Mismatch code before 2026-01 (unconfirmed; the schema enum has COMPARE_QUANTITY_STALE). */
  compareQuantityStaleCode: string;
  /** From this version on, the listed mutations need `@idempotent(key:)` (confirmed: schema docs). */
  idempotencyRequiredFrom: string;
  idempotentMutations: string[];
  /** How long an idempotency key replays its first answer (unconfirmed; 24 h). */
  idempotencyRetentionSeconds: number;
  /** Bulk query operations one shop may run at once (version dependent, unconfirmed: 1). */
  bulkQueryConcurrency: number;
  /** Time a bulk operation spends in CREATED and in RUNNING before it completes, ms. */
  bulkStartDelayMs: number;
  bulkRunMs: number;
  /** Root nodes a bulk operation resolves per chunk before yielding to other requests. */
  bulkChunkSize: number;
  /** Result URL lifetime (confirmed 7 days). */
  bulkUrlTtlSeconds: number;
  /** Public base URL used in absolute URLs (bulk results, confirmation pages); default: listen URL. */
  publicUrl?: string;
  /** Accept http:// webhook callback URLs (real Shopify needs https; local receivers are http). */
  allowHttpWebhooks: boolean;
  /** Delay of shop/redact after app/uninstalled (real: ~48 h); null = only on demand. */
  shopRedactDelayMs: number | null;
  /** Clock in epoch ms: token expiry, bucket refill, timestamps. */
  now: () => number;
  /** Seed for ids/order numbers and fault decisions. */
  seed: number;
}

export const SANDBOX_APP: ShopifyAppSettings = {
  clientId: 'stocksync-shopify-client-id',
  clientSecret: 'stocksync-shopify-client-secret',
  title: 'StockSync (sandbox)',
  handle: 'stocksync',
  appUrl: 'http://127.0.0.1:3000/api/channels/shopify/install',
  redirectUrls: [],
  webhooks: [],
  webhookApiVersion: '2026-07',
};

export const DEFAULT_REASONS = [
  'correction',
  'cycle_count_available',
  'damaged',
  'movement_created',
  'movement_updated',
  'movement_received',
  'movement_canceled',
  'other',
  'promotion',
  'quality_control',
  'received',
  'reservation_created',
  'reservation_deleted',
  'reservation_updated',
  'restock',
  'safety_stock',
  'shrinkage',
];

export function defaultSettings(): ShopifySettings {
  return {
    app: { ...SANDBOX_APP },
    defaultShop: 'stocksync-demo.myshopify.com',
    autoCreateShops: true,
    defaultPlan: 'standard',
    plans: {
      standard: { maximumAvailable: 2_000, restoreRate: 100 },
      advanced: { maximumAvailable: 4_000, restoreRate: 200 },
      plus: { maximumAvailable: 20_000, restoreRate: 1_000 },
      enterprise: { maximumAvailable: 40_000, restoreRate: 2_000 },
    },
    rateLimiting: true,
    throttledHttpStatus: 200,
    maxQueryCost: 1_000,
    maxPageSize: 250,
    mutationCost: 10,
    accessTokenTtlSeconds: 3_600,
    refreshTokenTtlSeconds: 7_776_000,
    onlineTokenTtlSeconds: 86_398,
    authorizationCodeTtlSeconds: 600,
    expiringTokensByDefault: false,
    defaultScopes: [
      'read_products',
      'write_products',
      'read_inventory',
      'write_inventory',
      'read_locations',
      'read_orders',
    ],
    inventoryReasons: DEFAULT_REASONS,
    compareQuantityStaleCode: 'COMPARE_QUANTITY_STALE',
    idempotencyRequiredFrom: '2026-04',
    idempotentMutations: ['inventoryAdjustQuantities', 'inventorySetQuantities'],
    idempotencyRetentionSeconds: 86_400,
    bulkQueryConcurrency: 1,
    bulkStartDelayMs: 5,
    bulkRunMs: 20,
    bulkChunkSize: 500,
    bulkUrlTtlSeconds: 7 * 86_400,
    allowHttpWebhooks: true,
    shopRedactDelayMs: null,
    now: () => Date.now(),
    seed: 1,
  };
}
