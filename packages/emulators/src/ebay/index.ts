import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  CONTROL_PREFIX,
  createEmulatorApp,
  noFaults,
  type CatalogueOptions,
  type Emulator,
  type EmulatorApp,
} from '../core';
import { Clock } from '../core/clock';
import { errors, sendError } from './errors';
import { FULFILLMENT_PREFIX, registerFulfillment } from './fulfillment';
import { INVENTORY_PREFIX, registerInventory } from './inventory';
import { registerNotificationApi } from './notification-api';
import {
  challengeEndpoint,
  deletionNotification,
  IDENTITY_PREFIX,
  NOTIFICATION_PREFIX,
  NotificationSigner,
  registerAccountApis,
  type ChallengeResult,
} from './notifications';
import { CONSENT_PATH, registerOAuth, TOKEN_PATH } from './oauth';
import { Quotas } from './quota';
import {
  EBAY_SCOPES,
  resolveEbaySettings,
  type EbayQuotaApi,
  type EbaySettings,
  type EbaySettingsInput,
} from './settings';
import { ControlError, EbayStore, type SaleInput } from './state';
import {
  NotificationStore,
  ORDER_CONFIRMATION,
  orderConfirmations,
  type OrderConfirmation,
} from './subscriptions';
import { TokenStore } from './tokens';
import { ebayStateCodec } from './persistence';
import type { Order } from './types';

export { challengeResponse, NotificationSigner, type ChallengeResult } from './notifications';
export { ORDER_CONFIRMATION, type OrderConfirmation } from './subscriptions';
export { parseOrderFilter } from './fulfillment';
export {
  EBAY_SCOPES,
  defaultEbaySettings,
  type EbaySettings,
  type EbaySettingsInput,
} from './settings';
export type * from './types';

export interface EbayEmulatorOptions extends EbaySettingsInput {
  /** Seed of fault decisions (the catalogue has its own seed in `catalogue.seed`). */
  faultSeed?: number;
  /** Wall-clock source of the emulator clock (default Date.now). */
  now?: () => number;
  /** Keeps listings, stock, orders and granted tokens in this file across restarts. */
  stateFile?: string;
}

export type DeletionCheckResult = ChallengeResult;

export interface EbayEmulator extends Emulator {
  readonly name: 'ebay';
  /** Live settings: change quotas, limits or TTLs at run time. */
  readonly settings: EbaySettings;
  readonly store: EbayStore;
  readonly tokens: TokenStore;
  readonly quotas: Quotas;
  readonly clock: Clock;
  readonly signer: NotificationSigner;
  /** Notification API state: alert config, destinations, the seller's subscriptions. */
  readonly notifications: NotificationStore;
  /** Adds a deterministic catalogue (defaults: settings.catalogue); answers what was created. */
  seed(options?: Partial<CatalogueOptions>): ReturnType<EbayStore['seed']>;
  /**
   * A buyer purchase: an order appears in getOrders, the SKU's quantity drops, and every enabled
   * ORDER_CONFIRMATION subscription of the seller is sent a signed notification per line item.
   */
  simulateSale(input: SaleInput): Order;
  /** The seller edits the quantity on eBay itself (item and its published offers). */
  setQuantity(sku: string, quantity: number): void;
  /** shipToLocationAvailability.quantity per SKU. */
  quantities(): Record<string, number>;
  /** Consent without the HTML page: the code (and redirect URL) the Agree button would give. */
  authorize(input?: { scopes?: string[]; state?: string }): { code: string; redirectUrl: string };
  /** GETs `{endpoint}?challenge_code=...` and checks the product's challengeResponse. */
  verifyDeletionEndpoint(input?: {
    endpoint?: string;
    verificationToken?: string;
  }): Promise<DeletionCheckResult>;
  /** POSTs a signed MARKETPLACE_ACCOUNT_DELETION notification to the subscriber endpoint. */
  sendAccountDeletion(input?: { endpoint?: string; revokeTokens?: boolean }): {
    notificationId: string;
    body: string;
  };
  /** Clears everything (data, tokens, quotas, clock) and re-seeds settings.catalogue. */
  reset(): void;
}

const quotaApiFor = (path: string): EbayQuotaApi | undefined => {
  if (path.startsWith(INVENTORY_PREFIX)) return 'sell.inventory';
  if (path.startsWith(FULFILLMENT_PREFIX)) return 'sell.fulfillment';
  if (path.startsWith(IDENTITY_PREFIX)) return 'commerce.identity';
  if (path.startsWith(NOTIFICATION_PREFIX)) return 'commerce.notification';
  return undefined;
};

const domainFor = (path: string) =>
  path.startsWith(FULFILLMENT_PREFIX)
    ? 'API_FULFILLMENT'
    : path.startsWith(INVENTORY_PREFIX)
      ? 'API_INVENTORY'
      : path.startsWith(IDENTITY_PREFIX)
        ? 'API_IDENTITY'
        : 'API_NOTIFICATION';

function errorReply(
  kind: 'rate_limit' | 'server_error',
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const path = request.url.split('?')[0] ?? '';
  if (kind === 'rate_limit') return sendError(reply, 429, [errors.tooManyRequests()]);
  if (path === TOKEN_PATH || path === CONSENT_PATH) {
    return reply.code(500).header('content-type', 'application/json').send({
      error: 'server_error',
      error_description: 'The authorization server encountered an unexpected condition',
    });
  }
  return sendError(reply, 500, [errors.system(domainFor(path))]);
}

const saleSchema = z.object({
  sku: z.string().min(1),
  quantity: z.number().int().min(1).optional(),
  buyerUsername: z.string().optional(),
});
const seedSchema = z.object({
  products: z.number().int().min(0).max(100_000).optional(),
  seed: z.number().int().optional(),
  skuPrefix: z.string().optional(),
  offset: z.number().int().min(0).optional(),
  variantsPerProduct: z.number().min(1).max(6).optional(),
  missingSkuRate: z.number().min(0).max(1).optional(),
  /** Clear existing data first. */
  replace: z.boolean().optional(),
});

export function createEbayEmulator(options: EbayEmulatorOptions = {}): EbayEmulator {
  const { faultSeed, now, stateFile, ...settingsInput } = options;
  const settings = resolveEbaySettings(settingsInput);
  const clock = new Clock(now);
  const core: EmulatorApp = createEmulatorApp({
    name: 'ebay',
    seed: faultSeed,
    rawBody: true,
    errorReply,
  });
  const { app } = core;
  const store = new EbayStore(settings, clock);
  const tokens = new TokenStore(settings, clock);
  const quotas = new Quotas(settings, () => clock.now());
  const signer = new NotificationSigner(settings.notificationKeyId);
  const notifications = new NotificationStore(settings);
  const clockNow = () => clock.now();

  // Daily quotas of the REST APIs (OAuth grants are counted in the token route per grant type).
  app.addHook('onRequest', async (request, reply) => {
    if (request.url.startsWith(CONTROL_PREFIX)) return;
    const api = quotaApiFor(request.url);
    if (api && !quotas.take(api)) return sendError(reply, 429, [errors.tooManyRequests()]);
  });

  registerOAuth(app, { settings, tokens, quotas, now: clockNow });
  registerInventory(app, { settings, store, tokens });
  registerFulfillment(app, { settings, store, tokens, now: clockNow });
  registerAccountApis(app, { settings, tokens, signer });
  registerNotificationApi(app, {
    settings,
    tokens,
    store: notifications,
    challenge: challengeEndpoint,
    now: clockNow,
  });

  /** Signs and sends a notification body (core's sender: retries, drop/duplicate faults). */
  const deliver = (url: string, body: string) =>
    core.webhooks.send({
      url,
      headers: { 'content-type': 'application/json', 'x-ebay-signature': signer.header(body) },
      body,
    });

  /** Every order creation goes through here, so each one is announced to the subscribers. */
  const sale = (input: SaleInput): Order => {
    const order = store.sale(input);
    const endpoints = notifications.endpointsFor(settings.account.userId, ORDER_CONFIRMATION);
    for (const endpoint of endpoints)
      for (const note of orderConfirmations(order, settings, clock.now()))
        deliver(endpoint, JSON.stringify(note satisfies OrderConfirmation));
    return order;
  };

  const seed = (input: Partial<CatalogueOptions> = {}) =>
    store.seed({
      products: input.products ?? settings.catalogue.products,
      seed: input.seed ?? settings.catalogue.seed,
      skuPrefix: input.skuPrefix ?? settings.catalogue.skuPrefix,
      offset: input.offset ?? settings.catalogue.offset,
      variantsPerProduct: input.variantsPerProduct ?? settings.catalogue.variantsPerProduct,
      missingSkuRate: input.missingSkuRate ?? settings.catalogue.missingSkuRate,
    });

  const setQuantity = (sku: string, quantity: number) => {
    if (!Number.isInteger(quantity) || quantity < 0)
      throw new ControlError('quantity must be a non-negative integer');
    store.setItemQuantity(sku, quantity);
    for (const offer of store.offersOf(sku)) {
      if (offer.status === 'PUBLISHED') offer.availableQuantity = quantity;
    }
  };

  const authorize = (input: { scopes?: string[]; state?: string } = {}) => {
    const code = tokens.issueCode(input.scopes ?? [...EBAY_SCOPES]);
    const url = new URL(settings.acceptUrl);
    if (input.state !== undefined) url.searchParams.set('state', input.state);
    url.searchParams.set('code', code.code);
    if (settings.redirectIncludesExpiresIn)
      url.searchParams.set('expires_in', String(settings.authCodeTtlSeconds));
    return { code: code.code, redirectUrl: url.toString() };
  };

  const verifyDeletionEndpoint = (input: { endpoint?: string; verificationToken?: string } = {}) =>
    challengeEndpoint(
      input.endpoint ?? settings.deletion.endpoint,
      input.verificationToken ?? settings.deletion.verificationToken,
    );

  const sendAccountDeletion = (input: { endpoint?: string; revokeTokens?: boolean } = {}) => {
    const body = JSON.stringify(deletionNotification(settings, clock.now()));
    deliver(input.endpoint ?? settings.deletion.endpoint, body);
    if (input.revokeTokens) tokens.revokeAll();
    return {
      notificationId: (JSON.parse(body) as { notification: { notificationId: string } })
        .notification.notificationId,
      body,
    };
  };

  const resetState = () => {
    store.clear();
    tokens.clear();
    notifications.clear();
    quotas.reset();
    clock.reset();
    if (settings.catalogue.products > 0) seed();
  };
  core.onReset(resetState);
  /** In-process reset: the same as POST /_emulator/reset (faults and recorded requests too). */
  const reset = () => {
    core.setFaults(noFaults());
    core.recorder.clear();
    resetState();
  };

  // Malformed bodies and unknown paths answer in eBay's error envelope.
  app.setErrorHandler((error: FastifyError, _request, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 500) return sendError(reply, status, [errors.system('API_INVENTORY')]);
    return sendError(reply, status, [errors.invalidValue('request', error.message)]);
  });
  app.setNotFoundHandler((_request, reply) =>
    sendError(reply, 404, [
      {
        errorId: 2002,
        domain: 'ACCESS',
        category: 'REQUEST',
        message: 'Resource not found',
        longMessage: 'Resource not found',
      },
    ]),
  );

  // ---- control routes ----
  const C = `${CONTROL_PREFIX}`;
  const control = async <T>(reply: FastifyReply, fn: () => T | Promise<T>) => {
    try {
      return await fn();
    } catch (error) {
      if (error instanceof ControlError) return reply.code(400).send({ error: error.message });
      throw error;
    }
  };
  const bad = (reply: FastifyReply, error: z.ZodError) =>
    reply.code(400).send({ error: error.issues });

  app.get(`${C}/state`, async () => ({
    account: settings.account,
    quantities: store.quantities(),
    counts: {
      items: store.items.size,
      offers: store.offers.size,
      groups: store.groups.size,
      orders: store.orders.length,
    },
    quotas: quotas.usage(),
    clock: clock.now(),
  }));
  app.get(`${C}/orders`, async () => ({ orders: store.orders }));
  app.post(`${C}/seed`, async (request, reply) => {
    const parsed = seedSchema.safeParse(request.body ?? {});
    if (!parsed.success) return bad(reply, parsed.error);
    if (parsed.data.replace) store.clear();
    return seed(parsed.data);
  });
  app.post(`${C}/sale`, async (request, reply) => {
    const parsed = saleSchema.safeParse(request.body);
    if (!parsed.success) return bad(reply, parsed.error);
    return control(reply, () => sale(parsed.data));
  });
  app.post(`${C}/stock`, async (request, reply) => {
    const parsed = z
      .object({ sku: z.string().min(1), quantity: z.number().int().min(0) })
      .safeParse(request.body);
    if (!parsed.success) return bad(reply, parsed.error);
    return control(reply, () => {
      setQuantity(parsed.data.sku, parsed.data.quantity);
      return { sku: parsed.data.sku, quantity: store.quantityOf(parsed.data.sku) };
    });
  });
  app.post(`${C}/orders/:orderId`, async (request, reply) => {
    const parsed = z
      .object({ orderFulfillmentStatus: z.enum(['NOT_STARTED', 'IN_PROGRESS', 'FULFILLED']) })
      .safeParse(request.body);
    if (!parsed.success) return bad(reply, parsed.error);
    return control(reply, () =>
      store.updateOrder(
        (request.params as { orderId: string }).orderId,
        parsed.data.orderFulfillmentStatus,
      ),
    );
  });
  app.post(`${C}/clock`, async (request, reply) => {
    const parsed = z
      .object({
        advanceMs: z.number().optional(),
        nowMs: z.number().optional(),
        reset: z.boolean().optional(),
      })
      .safeParse(request.body ?? {});
    if (!parsed.success) return bad(reply, parsed.error);
    if (parsed.data.reset) clock.reset();
    if (parsed.data.nowMs !== undefined) clock.set(parsed.data.nowMs);
    if (parsed.data.advanceMs !== undefined) clock.advance(parsed.data.advanceMs);
    return { now: clock.now() };
  });
  app.post(`${C}/settings`, async (request, reply) => {
    const parsed = z
      .object({
        quotas: z.record(z.string(), z.number().int().min(0)).optional(),
        accessTokenTtlSeconds: z.number().int().min(1).optional(),
        refreshTokenTtlSeconds: z.number().int().min(1).optional(),
        authCodeTtlSeconds: z.number().int().min(1).optional(),
        bulkMaxRequests: z.number().int().min(1).optional(),
        acceptUrl: z.string().url().optional(),
        declineUrl: z.string().url().optional(),
        verifyDestinationEndpoint: z.boolean().optional(),
        deletion: z
          .object({
            endpoint: z.string().url().optional(),
            verificationToken: z.string().optional(),
          })
          .optional(),
      })
      .safeParse(request.body ?? {});
    if (!parsed.success) return bad(reply, parsed.error);
    const { quotas: q, deletion, ...rest } = parsed.data;
    Object.assign(settings, rest);
    if (q) Object.assign(settings.quotas, q);
    if (deletion) Object.assign(settings.deletion, deletion);
    return settings;
  });
  app.post(`${C}/authorize`, async (request, reply) => {
    const parsed = z
      .object({ scopes: z.array(z.string()).optional(), state: z.string().optional() })
      .safeParse(request.body ?? {});
    if (!parsed.success) return bad(reply, parsed.error);
    return authorize(parsed.data);
  });
  app.post(`${C}/deletion/verify`, async (request, reply) => {
    const parsed = z
      .object({ endpoint: z.string().url().optional(), verificationToken: z.string().optional() })
      .safeParse(request.body ?? {});
    if (!parsed.success) return bad(reply, parsed.error);
    return verifyDeletionEndpoint(parsed.data);
  });
  app.post(`${C}/deletion/notify`, async (request, reply) => {
    const parsed = z
      .object({ endpoint: z.string().url().optional(), revokeTokens: z.boolean().optional() })
      .safeParse(request.body ?? {});
    if (!parsed.success) return bad(reply, parsed.error);
    return sendAccountDeletion(parsed.data);
  });

  if (settings.catalogue.products > 0) seed();
  // A saved state replaces the fresh seed.
  if (stateFile)
    core.persist(stateFile, ebayStateCodec({ store, tokens, notifications, quotas, clock }));

  return {
    name: 'ebay',
    core,
    settings,
    store,
    tokens,
    quotas,
    clock,
    signer,
    notifications,
    listen: (port) => core.listen(port),
    close: () => core.close(),
    describe: () => ({
      title:
        'eBay: OAuth consent + token, Sell Inventory, Fulfillment getOrders, Identity getUser, account deletion, ORDER_CONFIRMATION notifications',
      accounts: [
        {
          username: settings.account.username,
          userId: settings.account.userId,
          marketplaceId: settings.account.marketplaceId,
          clientId: settings.clientId,
          clientSecret: settings.clientSecret,
          ruName: settings.ruName,
          acceptUrl: settings.acceptUrl,
          consentPath: CONSENT_PATH,
          tokenPath: TOKEN_PATH,
          deletionVerificationToken: settings.deletion.verificationToken,
        },
      ],
    }),
    seed,
    simulateSale: sale,
    setQuantity,
    quantities: () => store.quantities(),
    authorize,
    verifyDeletionEndpoint,
    sendAccountDeletion,
    reset,
  };
}
