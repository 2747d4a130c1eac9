import { randomUUID } from 'node:crypto';
import { createEmulatorApp, type Emulator, type EmulatorApp } from '../core';
import {
  defaultSettings,
  type PlanName,
  type ShopifyAppSettings,
  type ShopifySettings,
} from './config';
import { handleGraphql } from './graphql';
import { shopifyStateCodec } from './persistence';
import { installRequestUrl, registerControlRoutes, registerShopifyRoutes } from './http';
import { ShopifyRuntime, type VariantRef, type WebhookDelivery } from './runtime';
import { SUPPORTED_VERSIONS, type ApiVersion } from './schema';
import type { AppSubscription, SeedOptions, ShopState } from './state';

// Public names carry a Shopify prefix so the package index can re-export every emulator side by side.
export {
  SANDBOX_APP as SHOPIFY_SANDBOX_APP,
  defaultSettings as defaultShopifySettings,
} from './config';
export type {
  PlanName as ShopifyPlanName,
  ShopifyAppSettings,
  ShopifySettings,
  BucketSettings as ShopifyBucketSettings,
} from './config';
export {
  SUPPORTED_VERSIONS as SHOPIFY_API_VERSIONS,
  adminSchema as shopifyAdminSchema,
  prepareDocument as prepareShopifyDocument,
} from './schema';
export type { ApiVersion as ShopifyApiVersion } from './schema';
/** Shopify's query-HMAC and webhook-HMAC signers/verifiers (docs/channels §1.1.1, §1.7, §7). */
export * as shopifyHmac from './hmac';
export { ShopifyRuntime } from './runtime';
export type {
  WebhookDelivery as ShopifyWebhookDelivery,
  VariantRef as ShopifyVariantRef,
} from './runtime';
export type { SeedOptions as ShopifySeedOptions, ShopState as ShopifyShopState } from './state';

export interface ShopifyShopOptions extends Partial<Omit<SeedOptions, 'products'>> {
  domain: string;
  plan?: PlanName;
  /** Products to seed (0 = an empty store with its locations). */
  products?: number;
  /** Mark the app installed and mint an offline token (see `tokens()` / describe()). */
  install?: boolean;
}

export interface ShopifyEmulatorOptions extends Partial<Omit<ShopifySettings, 'app'>> {
  app?: Partial<ShopifyAppSettings>;
  /** Stores created at start and after every reset; default: settings.defaultShop, empty. */
  shops?: ShopifyShopOptions[];
  /** Keeps shops, stock, orders and granted tokens in this file across restarts. */
  stateFile?: string;
}

export interface ShopifyEmulator extends Emulator {
  readonly name: 'shopify';
  readonly runtime: ShopifyRuntime;
  readonly settings: ShopifySettings;
  /** True when the shops were loaded from `stateFile` (then they need no seeding). */
  readonly restoredState: boolean;
  /** Base URL once listening (http://127.0.0.1:port). */
  readonly url: string;
  shop(domain?: string): ShopState;
  createShop(domain: string, options?: { plan?: PlanName; locations?: number }): ShopState;
  seed(domain: string, options: SeedOptions & { plan?: PlanName }): ShopState;
  /** Installs the app without the OAuth dance and returns a non-expiring offline token. */
  install(domain?: string, scopes?: string[]): string;
  /** A signed install request to the app URL (what Shopify sends when a merchant installs). */
  installRequestUrl(domain?: string): string;
  /** Admin GraphQL endpoint for a shop (shop in the path, see README). */
  graphqlUrl(domain?: string, version?: ApiVersion): string;
  /** `https://{shop}.myshopify.com/...` rewritten to this emulator, for customFetchApi hooks. */
  rewriteUrl(url: string): string;
  /** fetch that sends `https://{shop}.myshopify.com/...` to this emulator. */
  fetch: typeof fetch;
  /** In-process Admin GraphQL call (no HTTP); same validation, cost and throttling. */
  graphql(
    domain: string,
    body: { query: string; variables?: Record<string, unknown> },
    options?: { version?: ApiVersion; scopes?: string[] },
  ): { status: number; body: Record<string, unknown> };
  simulateSale(
    domain: string,
    input: { lines: Array<VariantRef & { quantity: number }>; locationId?: number | string },
  ): { orderId: number };
  adminSetAvailable(
    domain: string,
    input: VariantRef & { available: number; locationId?: number | string },
  ): void;
  adminUpdateProduct(
    domain: string,
    productId: number | string,
    changes: { title?: string; variants?: Array<VariantRef & { sku?: string; price?: string }> },
  ): void;
  uninstall(domain?: string): void;
  /**
   * Unpaid bill: the shop's ACTIVE app subscriptions become FROZEN (`frozen` false: paid, back to
   * ACTIVE), each with app_subscriptions/update. Answers the subscriptions changed.
   */
  setBillingFrozen(
    domain: string | undefined,
    frozen: boolean,
    subscriptionId?: number | string,
  ): AppSubscription[];
  sendCompliance(
    domain: string,
    topic: 'customers/data_request' | 'customers/redact' | 'shop/redact',
    input?: { customerId?: number; email?: string; orderIds?: number[] },
  ): WebhookDelivery[];
  snapshot(domain?: string): ReturnType<ShopifyRuntime['snapshot']>;
  deliveries(): WebhookDelivery[];
  /** Waits until every webhook delivery started so far has finished. */
  settle(): Promise<void>;
  reset(): void;
}

/**
 * A local Shopify: OAuth (install HMAC, authorize page, code / refresh / token-exchange grants),
 * Admin GraphQL validated against the official schema of 2025-10 .. 2026-10, calculated query cost
 * with a leaky bucket, bulk operations, webhooks with real headers and HMACs, billing.
 */
export function createShopifyEmulator(options: ShopifyEmulatorOptions = {}): ShopifyEmulator {
  const defaults = defaultSettings();
  const { app: appOptions, shops: shopOptions, stateFile, ...rest } = options;
  const settings: ShopifySettings = {
    ...defaults,
    ...rest,
    app: { ...defaults.app, ...appOptions },
  };
  const core: EmulatorApp = createEmulatorApp({
    name: 'shopify',
    seed: settings.seed,
    rawBody: true,
    errorReply: (kind, request, reply) => {
      const graphql = request.url.includes('/graphql.json');
      if (kind === 'rate_limit') {
        return reply
          .code(429)
          .header('Retry-After', '2.0')
          .send(
            graphql
              ? {
                  errors: [
                    {
                      message: 'Throttled',
                      extensions: {
                        code: 'THROTTLED',
                        documentation: 'https://shopify.dev/api/usage/rate-limits',
                      },
                    },
                  ],
                }
              : {
                  errors:
                    'Exceeded 2 calls per second for api client. Reduce request rates to resume uninterrupted service.',
                },
          );
      }
      const requestId = randomUUID();
      return reply
        .code(500)
        .header('X-Request-Id', requestId)
        .send(
          graphql
            ? {
                errors: [
                  {
                    message: `Internal error. Looks like something went wrong on our end.\nRequest ID: ${requestId} (include this in support requests).`,
                    extensions: { code: 'INTERNAL_SERVER_ERROR', requestId },
                  },
                ],
              }
            : { errors: 'Internal Server Error' },
        );
    },
  });
  const rt = new ShopifyRuntime(settings, core.webhooks);
  // Settings changed through /_emulator/settings return to these on reset.
  const snapshotSettings = (from: ShopifySettings): ShopifySettings => ({
    ...from,
    app: { ...from.app, webhooks: [...from.app.webhooks] },
    plans: { ...from.plans },
  });
  const initialSettings = snapshotSettings(settings);
  const restoreSettings = () => Object.assign(settings, snapshotSettings(initialSettings));
  const initialTokens = new Map<string, string>();

  const applyInitialShops = () => {
    const list = shopOptions?.length ? shopOptions : [{ domain: settings.defaultShop }];
    for (const entry of list) {
      const { domain, plan, products, install, ...seedOptions } = entry;
      if (products) rt.seed(domain, { ...seedOptions, products, plan });
      else rt.createShop(domain, { plan, locations: seedOptions.locations });
      if (install) initialTokens.set(domain, rt.install(domain));
    }
  };
  applyInitialShops();
  // A saved state replaces the initial shops.
  const restoredState = stateFile ? core.persist(stateFile, shopifyStateCodec(rt)) : false;

  registerShopifyRoutes(core.app, rt);
  registerControlRoutes(core.app, rt);
  core.onReset(() => {
    restoreSettings();
    rt.reset();
    initialTokens.clear();
    applyInitialShops();
  });

  let url = '';
  const domainOr = (domain?: string) => domain ?? settings.defaultShop;
  const rewriteUrl = (input: string) =>
    input.replace(
      /^https?:\/\/([a-z0-9][a-z0-9-]*\.myshopify\.com)(?::\d+)?/i,
      (_m, shop: string) => `${rt.publicUrl()}/shops/${shop.toLowerCase()}`,
    );

  const emulator: ShopifyEmulator = {
    name: 'shopify',
    core,
    runtime: rt,
    settings,
    restoredState,
    get url() {
      return url;
    },
    async listen(port?: number) {
      url = await core.listen(port);
      rt.baseUrl = url;
      return url;
    },
    async close() {
      rt.clearTimers();
      await core.close();
    },
    describe() {
      return {
        title: `Shopify Admin GraphQL ${SUPPORTED_VERSIONS[0]}..${SUPPORTED_VERSIONS[SUPPORTED_VERSIONS.length - 1]}, OAuth, webhooks, billing`,
        accounts: [...rt.shops.values()].map((shop) => ({
          shop: shop.domain,
          plan: shop.plan,
          clientId: settings.app.clientId,
          clientSecret: settings.app.clientSecret,
          adminUrl: rt.shopUrl(shop, '/admin'),
          graphqlUrl: rt.shopUrl(shop, `/admin/api/${SUPPORTED_VERSIONS[3]}/graphql.json`),
          ...(initialTokens.get(shop.domain)
            ? { accessToken: initialTokens.get(shop.domain)! }
            : {}),
        })),
      };
    },
    shop: (domain) => rt.requireShop(domainOr(domain)),
    createShop: (domain, shopOptions2) => rt.createShop(domain, shopOptions2),
    seed: (domain, seedOptions) => rt.seed(domain, seedOptions),
    install: (domain, scopes) => rt.install(domainOr(domain), scopes),
    installRequestUrl: (domain) => installRequestUrl(rt, domainOr(domain)),
    graphqlUrl: (domain, version = '2026-07') =>
      `${rt.publicUrl()}/shops/${domainOr(domain)}/admin/api/${version}/graphql.json`,
    rewriteUrl,
    fetch: ((input: string | URL | Request, init?: RequestInit) => {
      const target =
        typeof input === 'string' ? input : input instanceof URL ? input.toString() : input.url;
      return fetch(rewriteUrl(target), init);
    }) as typeof fetch,
    graphql: (domain, body, callOptions = {}) => {
      const shop = rt.requireShop(domain);
      return handleGraphql(
        rt,
        shop,
        callOptions.scopes ??
          (shop.grantedScopes.length ? shop.grantedScopes : settings.defaultScopes),
        callOptions.version ?? '2026-07',
        body,
      );
    },
    simulateSale: (domain, input) => ({ orderId: rt.simulateSale(domain, input).order.id }),
    adminSetAvailable: (domain, input) => {
      rt.adminSetAvailable(domain, input);
    },
    adminUpdateProduct: (domain, productId, changes) => {
      rt.adminUpdateProduct(domain, productId, changes);
    },
    uninstall: (domain) => rt.uninstall(domainOr(domain)),
    setBillingFrozen: (domain, frozen, subscriptionId) =>
      rt.setBillingFrozen(domainOr(domain), frozen, subscriptionId),
    sendCompliance: (domain, topic, input) => rt.sendCompliance(domain, topic, input),
    snapshot: (domain) => rt.snapshot(domainOr(domain)),
    deliveries: () => rt.deliveries,
    settle: () => core.webhooks.idle(),
    reset: () => {
      core.setFaults({
        latencyMs: 0,
        rateLimitRate: 0,
        serverErrorRate: 0,
        timeoutRate: 0,
        dropWebhookRate: 0,
        duplicateWebhookRate: 0,
      });
      core.recorder.clear();
      restoreSettings();
      rt.reset();
      initialTokens.clear();
      applyInitialShops();
    },
  };
  return emulator;
}
