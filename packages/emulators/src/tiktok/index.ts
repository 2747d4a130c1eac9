import { randomBytes } from 'node:crypto';
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
import { registerApi } from './api';
import { AUTHORIZE_PATHS, redirectWith, registerAuth, TOKEN_GET_PATH } from './auth';
import { Clock } from '../core/clock';
import { fail } from './envelope';
import { tiktokStateCodec } from './persistence';
import { resolveTiktokSettings, type TiktokSettings, type TiktokSettingsInput } from './settings';
import { webhookSignature } from './sign';
import { ControlError, TiktokStore, type SkuSelector } from './state';
import { TiktokTokens } from './tokens';
import type { Order, WebhookPayload } from './types';

export { signInput, signRequest, webhookSignature, queryOf, pathOf } from './sign';
export { defaultTiktokSettings, type TiktokSettings, type TiktokSettingsInput } from './settings';
export type * from './types';

export const ORDER_STATUS_CHANGE = 'ORDER_STATUS_CHANGE';
export const PRODUCT_INFORMATION_CHANGE = 'PRODUCT_INFORMATION_CHANGE';

export interface TiktokEmulatorOptions extends TiktokSettingsInput {
  faultSeed?: number;
  now?: () => number;
  /** Keeps listings, stock, orders and granted tokens in this file across restarts. */
  stateFile?: string;
}

export interface SentWebhook {
  eventType: string;
  url: string;
  body: string;
  signature: string;
}

export interface TiktokEmulator extends Emulator {
  readonly name: 'tiktok';
  readonly settings: TiktokSettings;
  readonly store: TiktokStore;
  readonly tokens: TiktokTokens;
  readonly clock: Clock;
  /** Webhooks handed to the sender (before drop/duplicate faults), newest last. */
  readonly sentWebhooks: SentWebhook[];
  seed(options?: Partial<CatalogueOptions>): { products: number; skus: number };
  /** A buyer order: stock drops and an ORDER_STATUS_CHANGE webhook (type 1) fires. */
  simulateSale(input: SkuSelector & { quantity?: number }): Order;
  /** The seller edits stock in Seller Center: quantity changes and PRODUCT_INFORMATION_CHANGE fires. */
  setQuantity(input: SkuSelector & { quantity: number; warehouseId?: string }): void;
  /** seller_sku (or `id:{skuId}`) → total quantity across warehouses. */
  quantities(): Record<string, number>;
  /** Authorization without the HTML page: the code and the redirect the Authorize button gives. */
  authorize(input?: { state?: string }): { code: string; redirectUrl: string };
  reset(): void;
}

function errorReply(settings: TiktokSettings) {
  return (kind: 'rate_limit' | 'server_error', _request: FastifyRequest, reply: FastifyReply) =>
    fail(
      reply,
      kind === 'rate_limit' ? settings.errorCodes.rateLimited : settings.errorCodes.serverError,
    );
}

const selectorSchema = z.union([
  z.object({ skuId: z.string().min(1) }),
  z.object({ sellerSku: z.string().min(1) }),
]);

export function createTiktokEmulator(options: TiktokEmulatorOptions = {}): TiktokEmulator {
  const { faultSeed, now, stateFile, ...input } = options;
  const settings = resolveTiktokSettings(input);
  const clock = new Clock(now);
  const core: EmulatorApp = createEmulatorApp({
    name: 'tiktok',
    seed: faultSeed,
    rawBody: true,
    errorReply: errorReply(settings),
  });
  const { app } = core;
  const store = new TiktokStore(settings, clock);
  const tokens = new TiktokTokens(settings, clock);
  const sentWebhooks: SentWebhook[] = [];

  registerAuth(app, { settings, tokens });
  const { limiter } = registerApi(app, { settings, store, tokens, clock });

  const notify = <D>(eventType: string, type: number, data: D) => {
    const url = store.webhookAddresses.get(eventType)?.address ?? settings.webhookUrl;
    if (!url) return;
    const payload: WebhookPayload<D> = {
      type,
      tts_notification_id: `73271${BigInt('0x' + randomBytes(6).toString('hex'))
        .toString()
        .padStart(14, '0')
        .slice(0, 14)}`,
      shop_id: settings.shop.id,
      timestamp: clock.nowSeconds(),
      data,
    };
    const body = JSON.stringify(payload);
    const signature = webhookSignature(settings.appKey, settings.appSecret, body);
    sentWebhooks.push({ eventType, url, body, signature });
    core.webhooks.send({
      url,
      headers: { 'content-type': 'application/json', authorization: signature },
      body,
    });
  };

  const seed = (o: Partial<CatalogueOptions> = {}) =>
    store.seed({
      products: o.products ?? settings.catalogue.products,
      seed: o.seed ?? settings.catalogue.seed,
      skuPrefix: o.skuPrefix ?? settings.catalogue.skuPrefix,
      offset: o.offset ?? settings.catalogue.offset,
      variantsPerProduct: o.variantsPerProduct ?? settings.catalogue.variantsPerProduct,
      missingSkuRate: o.missingSkuRate ?? settings.catalogue.missingSkuRate,
    });

  const simulateSale = (sel: SkuSelector & { quantity?: number }) => {
    const order = store.sale(sel, sel.quantity ?? 1);
    notify(ORDER_STATUS_CHANGE, settings.webhookTypes.orderStatusChange, {
      order_id: order.id,
      order_status: order.status,
      is_on_hold_order: false,
      update_time: order.update_time,
    });
    return order;
  };

  const setQuantity = (sel: SkuSelector & { quantity: number; warehouseId?: string }) => {
    if (!Number.isInteger(sel.quantity) || sel.quantity < 0)
      throw new ControlError('quantity must be a non-negative integer');
    const ref = store.resolve(sel);
    const warehouseId = sel.warehouseId ?? store.defaultWarehouseId;
    if (!store.isSalesWarehouse(warehouseId))
      throw new ControlError(`warehouse ${warehouseId} is not a sales warehouse`);
    store.setInventory(ref, warehouseId, sel.quantity);
    notify(PRODUCT_INFORMATION_CHANGE, settings.webhookTypes.productInformationChange, {
      product_id: ref.product.id,
      sku_id: ref.sku.id,
      seller_sku: ref.sku.seller_sku,
      update_time: ref.product.update_time,
    });
  };

  const authorize = (o: { state?: string } = {}) => {
    const code = tokens.issueCode();
    return {
      code,
      redirectUrl: redirectWith(settings.redirectUrl, {
        [settings.redirectCodeParam]: code,
        state: o.state,
      }),
    };
  };

  const resetState = () => {
    store.clear();
    tokens.clear();
    limiter.clear();
    clock.reset();
    sentWebhooks.length = 0;
    if (settings.catalogue.products > 0) seed();
  };
  core.onReset(resetState);
  /** In-process reset: the same as POST /_emulator/reset (faults and recorded requests too). */
  const reset = () => {
    core.setFaults(noFaults());
    core.recorder.clear();
    resetState();
  };

  // Malformed bodies and unknown paths answer in TikTok's envelope.
  app.setErrorHandler((error: FastifyError, _request, reply) => {
    if ((error.statusCode ?? 500) >= 500) return fail(reply, settings.errorCodes.serverError);
    return fail(reply, settings.errorCodes.invalidParameter, error.message);
  });
  app.setNotFoundHandler((_request, reply) =>
    fail(reply, {
      code: 36009002,
      message: 'Invalid path. The API does not exist.',
      httpStatus: 404,
    }),
  );

  // ---- control routes ----
  const C = CONTROL_PREFIX;
  const run = async <T>(reply: FastifyReply, fn: () => T) => {
    try {
      return fn();
    } catch (error) {
      if (error instanceof ControlError) return reply.code(400).send({ error: error.message });
      throw error;
    }
  };
  const bad = (reply: FastifyReply, error: z.ZodError) =>
    reply.code(400).send({ error: error.issues });

  app.get(`${C}/state`, async () => ({
    shop: settings.shop,
    quantities: store.quantities(),
    counts: { products: store.products.size, skus: store.skus.size, orders: store.orders.length },
    webhooks: {
      sent: sentWebhooks.length,
      addresses: Object.fromEntries(store.webhookAddresses),
      defaultUrl: settings.webhookUrl ?? null,
    },
    clock: clock.now(),
  }));
  app.get(`${C}/inventory`, async () => ({
    skus: [...store.skus.values()].map((r) => ({
      product_id: r.product.id,
      sku_id: r.sku.id,
      seller_sku: r.sku.seller_sku,
      inventory: r.sku.inventory,
    })),
  }));
  app.get(`${C}/webhooks`, async () => ({ sent: sentWebhooks, deliveries: core.webhooks.log }));
  app.post(`${C}/seed`, async (request, reply) => {
    const parsed = z
      .object({
        products: z.number().int().min(0).max(100_000).optional(),
        seed: z.number().int().optional(),
        skuPrefix: z.string().optional(),
        offset: z.number().int().min(0).optional(),
        variantsPerProduct: z.number().min(1).max(6).optional(),
        missingSkuRate: z.number().min(0).max(1).optional(),
        replace: z.boolean().optional(),
      })
      .safeParse(request.body ?? {});
    if (!parsed.success) return bad(reply, parsed.error);
    if (parsed.data.replace) store.clear();
    return seed(parsed.data);
  });
  app.post(`${C}/sale`, async (request, reply) => {
    const parsed = z
      .intersection(selectorSchema, z.object({ quantity: z.number().int().min(1).optional() }))
      .safeParse(request.body);
    if (!parsed.success) return bad(reply, parsed.error);
    return run(reply, () => simulateSale(parsed.data));
  });
  app.post(`${C}/stock`, async (request, reply) => {
    const parsed = z
      .intersection(
        selectorSchema,
        z.object({ quantity: z.number().int().min(0), warehouseId: z.string().optional() }),
      )
      .safeParse(request.body);
    if (!parsed.success) return bad(reply, parsed.error);
    return run(reply, () => {
      setQuantity(parsed.data);
      return { quantities: store.total(store.resolve(parsed.data).sku) };
    });
  });
  app.post(`${C}/webhook-url`, async (request, reply) => {
    const parsed = z.object({ url: z.string().url().nullable() }).safeParse(request.body);
    if (!parsed.success) return bad(reply, parsed.error);
    settings.webhookUrl = parsed.data.url ?? undefined;
    return { webhookUrl: settings.webhookUrl ?? null };
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
        qpsLimit: z.number().int().min(0).optional(),
        accessTokenTtlSeconds: z.number().int().min(1).optional(),
        refreshTokenTtlSeconds: z.number().int().min(1).optional(),
        timestampToleranceSeconds: z.number().int().min(0).optional(),
        redirectUrl: z.string().url().optional(),
        rotateRefreshToken: z.boolean().optional(),
      })
      .safeParse(request.body ?? {});
    if (!parsed.success) return bad(reply, parsed.error);
    Object.assign(settings, parsed.data);
    return settings;
  });
  app.post(`${C}/authorize`, async (request, reply) => {
    const parsed = z.object({ state: z.string().optional() }).safeParse(request.body ?? {});
    if (!parsed.success) return bad(reply, parsed.error);
    return authorize(parsed.data);
  });

  if (settings.catalogue.products > 0) seed();
  // A saved state replaces the fresh seed.
  if (stateFile) core.persist(stateFile, tiktokStateCodec({ store, tokens, clock }));

  return {
    name: 'tiktok',
    core,
    settings,
    store,
    tokens,
    clock,
    sentWebhooks,
    listen: (port) => core.listen(port),
    close: () => core.close(),
    describe: () => ({
      title:
        'TikTok Shop: authorization, token get/refresh, shops, products 202309, inventory, warehouses, orders, webhooks',
      accounts: [
        {
          shopName: settings.shop.name,
          shopId: settings.shop.id,
          shopCipher: settings.shop.cipher,
          region: settings.shop.region,
          appKey: settings.appKey,
          appSecret: settings.appSecret,
          serviceId: settings.serviceId,
          redirectUrl: settings.redirectUrl,
          authorizePath: AUTHORIZE_PATHS[0],
          tokenPath: TOKEN_GET_PATH,
        },
      ],
    }),
    seed,
    simulateSale,
    setQuantity,
    quantities: () => store.quantities(),
    authorize,
    reset,
  };
}
