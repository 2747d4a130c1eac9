import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Clock } from '../core/clock';
import { fail, ok } from './envelope';
import { pathOf, queryOf, sameSignature, signRequest } from './sign';
import type { TiktokSettings } from './settings';
import type { TiktokStore } from './state';
import type { TiktokTokens } from './tokens';
import type { Order, OrderStatus, Product, ProductSummary, SearchProductsData } from './types';

export const API_PREFIXES = ['/authorization/', '/product/', '/logistics/', '/order/', '/event/'];

interface Deps {
  settings: TiktokSettings;
  store: TiktokStore;
  tokens: TiktokTokens;
  clock: Clock;
}

type Handler = (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>;

/** Opaque page tokens: base64 of `offset=N` (the reference's example decodes to exactly that). */
export const pageToken = (offset: number) => Buffer.from(`offset=${offset}`).toString('base64');
const readPageToken = (token: string | undefined): number | undefined => {
  if (!token) return 0;
  const match = /^offset=(\d+)$/.exec(Buffer.from(token, 'base64').toString('utf8'));
  return match ? Number(match[1]) : undefined;
};

/** Per (API path, shop) calls in the current second, for the QPS limit. */
class QpsLimiter {
  private windows = new Map<string, { second: number; count: number }>();
  take(key: string, limit: number): boolean {
    if (limit <= 0) return true;
    const second = Math.floor(Date.now() / 1000);
    const w = this.windows.get(key);
    if (!w || w.second !== second) {
      this.windows.set(key, { second, count: 1 });
      return true;
    }
    if (w.count >= limit) return false;
    w.count++;
    return true;
  }
  clear(): void {
    this.windows.clear();
  }
}

export function registerApi(app: FastifyInstance, deps: Deps): { limiter: { clear(): void } } {
  const { settings, store, tokens, clock } = deps;
  const codes = settings.errorCodes;
  const limiter = new QpsLimiter();

  /**
   * Wraps a handler with what every 202309 call goes through: app_key, timestamp window, `sign`
   * (HMAC over path, sorted query and raw body), x-tts-access-token, shop_cipher for shop calls,
   * then the per-shop QPS limit.
   */
  const signed =
    (handler: Handler, options: { shop: boolean }): Handler =>
    async (request, reply) => {
      const query = queryOf(request.url);
      const single = (k: string) => {
        const v = query[k];
        return Array.isArray(v) ? v[0] : v;
      };
      if (single('app_key') !== settings.appKey) return fail(reply, codes.invalidAppKey);
      const timestamp = Number(single('timestamp'));
      if (
        !Number.isInteger(timestamp) ||
        Math.abs(clock.nowSeconds() - timestamp) > settings.timestampToleranceSeconds
      ) {
        return fail(reply, codes.invalidTimestamp);
      }
      const sign = single('sign');
      const multipart = (request.headers['content-type'] ?? '').includes('multipart/form-data');
      const expected = signRequest(
        settings.appSecret,
        pathOf(request.url),
        query,
        multipart ? '' : (request.rawBody ?? ''),
      );
      if (!sign || !sameSignature(sign, expected)) return fail(reply, codes.invalidSignature);
      const token = request.headers['x-tts-access-token'];
      if (typeof token !== 'string' || token === '') return fail(reply, codes.missingAccessToken);
      const state = tokens.check(token);
      if (state === 'unknown') return fail(reply, codes.invalidAccessToken);
      if (state === 'expired') return fail(reply, codes.expiredAccessToken);
      if (options.shop && single('shop_cipher') !== settings.shop.cipher)
        return fail(reply, codes.invalidShopCipher);
      if (
        !limiter.take(
          `${request.routeOptions.url ?? ''}|${settings.shop.cipher}`,
          settings.qpsLimit,
        )
      ) {
        return fail(reply, codes.rateLimited);
      }
      return handler(request, reply);
    };

  const body = <S extends z.ZodType>(
    schema: S,
    request: FastifyRequest,
    reply: FastifyReply,
  ): z.infer<S> | undefined => {
    const raw = request.body === '' || request.body === undefined ? {} : request.body;
    const parsed = schema.safeParse(raw);
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0];
    void fail(
      reply,
      codes.invalidParameter,
      issue ? `${issue.path.join('.') || 'body'}: ${issue.message}` : undefined,
    );
    return undefined;
  };

  const pageSize = (
    request: FastifyRequest,
    reply: FastifyReply,
    max: number,
  ): number | undefined => {
    const value = Number(queryOf(request.url).page_size);
    if (!Number.isInteger(value) || value < 1 || value > max) {
      void fail(reply, codes.invalidParameter, `page_size must be between 1 and ${max}.`);
      return undefined;
    }
    return value;
  };

  // ---- authorization ----

  app.get(
    '/authorization/202309/shops',
    signed(async (_request, reply) => ok(reply, { shops: [settings.shop] }), { shop: false }),
  );

  // ---- products ----

  const summary = (p: Product): ProductSummary => ({
    id: p.id,
    title: p.title,
    status: p.status,
    create_time: p.create_time,
    update_time: p.update_time,
    sales_regions: p.sales_regions,
    skus: p.skus.map((s) => ({
      id: s.id,
      seller_sku: s.seller_sku,
      price: s.price,
      inventory: s.inventory,
    })),
  });

  const searchSchema = z.object({
    status: z
      .enum([
        'ALL',
        'DRAFT',
        'PENDING',
        'FAILED',
        'ACTIVATE',
        'SELLER_DEACTIVATED',
        'PLATFORM_DEACTIVATED',
        'FREEZE',
        'DELETED',
      ])
      .optional(),
    seller_skus: z.array(z.string()).optional(),
    sku_ids: z.array(z.string()).optional(),
    create_time_ge: z.number().int().optional(),
    create_time_le: z.number().int().optional(),
    update_time_ge: z.number().int().optional(),
    update_time_le: z.number().int().optional(),
  });

  app.post(
    '/product/202309/products/search',
    signed(
      async (request, reply) => {
        const size = pageSize(request, reply, settings.searchMaxPageSize);
        if (size === undefined) return reply;
        const offset = readPageToken(queryOf(request.url).page_token as string | undefined);
        if (offset === undefined)
          return fail(reply, codes.invalidParameter, 'page_token is invalid.');
        const filter = body(searchSchema, request, reply);
        if (!filter) return reply;
        const skuSet = filter.seller_skus ? new Set(filter.seller_skus) : undefined;
        const idSet = filter.sku_ids ? new Set(filter.sku_ids) : undefined;
        const matches: Product[] = [];
        for (const id of store.productOrder) {
          const p = store.products.get(id);
          if (!p) continue;
          if (filter.status && filter.status !== 'ALL' && p.status !== filter.status) continue;
          if (!filter.status && p.status === 'DELETED') continue;
          if (filter.create_time_ge !== undefined && p.create_time < filter.create_time_ge)
            continue;
          if (filter.create_time_le !== undefined && p.create_time > filter.create_time_le)
            continue;
          if (filter.update_time_ge !== undefined && p.update_time < filter.update_time_ge)
            continue;
          if (filter.update_time_le !== undefined && p.update_time > filter.update_time_le)
            continue;
          if (skuSet && !p.skus.some((s) => skuSet.has(s.seller_sku))) continue;
          if (idSet && !p.skus.some((s) => idSet.has(s.id))) continue;
          matches.push(p);
        }
        const page = matches.slice(offset, offset + size);
        const data: SearchProductsData = {
          total_count: matches.length,
          next_page_token: offset + size < matches.length ? pageToken(offset + size) : '',
          products: page.map(summary),
        };
        return ok(reply, data);
      },
      { shop: true },
    ),
  );

  app.get(
    '/product/202309/products/:productId',
    signed(
      async (request, reply) => {
        const product = store.products.get((request.params as { productId: string }).productId);
        if (!product) return fail(reply, codes.productNotFound);
        return ok(reply, product);
      },
      { shop: true },
    ),
  );

  const inventorySchema = z.object({
    skus: z
      .array(
        z.object({
          id: z.string().min(1),
          inventory: z
            .array(
              z.object({
                warehouse_id: z.string().min(1),
                quantity: z.number().int().min(0).max(999_999),
              }),
            )
            .min(1),
        }),
      )
      .min(1)
      .max(100),
  });

  app.post(
    '/product/202309/products/:productId/inventory/update',
    signed(
      async (request, reply) => {
        const product = store.products.get((request.params as { productId: string }).productId);
        if (!product) return fail(reply, codes.productNotFound);
        const input = body(inventorySchema, request, reply);
        if (!input) return reply;
        // Validate everything first: the update is all or nothing.
        for (const change of input.skus) {
          const ref = store.skus.get(change.id);
          if (!ref || ref.product !== product)
            return fail(reply, codes.skuNotInProduct, `sku_id: ${change.id}`);
          for (const entry of change.inventory) {
            if (!store.isSalesWarehouse(entry.warehouse_id)) {
              return fail(reply, codes.warehouseNotFound, `warehouse_id: ${entry.warehouse_id}`);
            }
          }
        }
        for (const change of input.skus) {
          const ref = store.skus.get(change.id)!;
          for (const entry of change.inventory)
            store.setInventory(ref, entry.warehouse_id, entry.quantity);
        }
        return ok(reply, {});
      },
      { shop: true },
    ),
  );

  // Partial Edit Product: only the fields and SKUs sent change (here: seller_sku, what stocksync
  // writes back); seller_sku is at most 50 characters (docs/channels/tiktok-shop.md).
  const partialEditSchema = z.object({
    skus: z
      .array(z.object({ id: z.string().min(1), seller_sku: z.string().max(50).optional() }))
      .min(1)
      .max(100),
  });

  app.post(
    '/product/202309/products/:productId/partial_edit',
    signed(
      async (request, reply) => {
        const product = store.products.get((request.params as { productId: string }).productId);
        if (!product) return fail(reply, codes.productNotFound);
        const input = body(partialEditSchema, request, reply);
        if (!input) return reply;
        for (const change of input.skus) {
          const ref = store.skus.get(change.id);
          if (!ref || ref.product !== product)
            return fail(reply, codes.skuNotInProduct, `sku_id: ${change.id}`);
        }
        for (const change of input.skus) {
          if (change.seller_sku !== undefined)
            store.setSellerSku(store.skus.get(change.id)!, change.seller_sku);
        }
        return ok(reply, {
          product_id: product.id,
          skus: input.skus.map((change) => {
            const sku = store.skus.get(change.id)!.sku;
            return { id: sku.id, seller_sku: sku.seller_sku };
          }),
        });
      },
      { shop: true },
    ),
  );

  // ---- logistics ----

  app.get(
    '/logistics/202309/warehouses',
    signed(
      async (_request, reply) =>
        ok(reply, {
          warehouses: settings.warehouses.map((w) => ({
            ...w,
            sub_type: 'DOMESTIC_WAREHOUSE',
            address: {
              region: settings.shop.region,
              city: 'London',
              postal_code: 'EC1A 1BB',
              full_address: '1 Example Street, London',
            },
          })),
        }),
      { shop: true },
    ),
  );

  // ---- orders ----

  const orderSearchSchema = z.object({
    order_status: z.string().optional(),
    create_time_ge: z.number().int().optional(),
    create_time_lt: z.number().int().optional(),
    update_time_ge: z.number().int().optional(),
    update_time_lt: z.number().int().optional(),
  });

  app.post(
    '/order/202309/orders/search',
    signed(
      async (request, reply) => {
        const size = pageSize(request, reply, settings.ordersMaxPageSize);
        if (size === undefined) return reply;
        const offset = readPageToken(queryOf(request.url).page_token as string | undefined);
        if (offset === undefined)
          return fail(reply, codes.invalidParameter, 'page_token is invalid.');
        const f = body(orderSearchSchema, request, reply);
        if (!f) return reply;
        const matches = store.orders.filter(
          (o: Order) =>
            (!f.order_status || o.status === (f.order_status as OrderStatus)) &&
            (f.create_time_ge === undefined || o.create_time >= f.create_time_ge) &&
            (f.create_time_lt === undefined || o.create_time < f.create_time_lt) &&
            (f.update_time_ge === undefined || o.update_time >= f.update_time_ge) &&
            (f.update_time_lt === undefined || o.update_time < f.update_time_lt),
        );
        return ok(reply, {
          total_count: matches.length,
          next_page_token: offset + size < matches.length ? pageToken(offset + size) : '',
          orders: matches.slice(offset, offset + size),
        });
      },
      { shop: true },
    ),
  );

  app.get(
    '/order/202309/orders',
    signed(
      async (request, reply) => {
        const raw = queryOf(request.url).ids;
        const ids = (Array.isArray(raw) ? raw.join(',') : (raw ?? '')).split(',').filter(Boolean);
        if (ids.length === 0 || ids.length > 50)
          return fail(reply, codes.invalidParameter, 'ids must list 1 to 50 order ids.');
        const orders = ids
          .map((id) => store.ordersById.get(id))
          .filter((o): o is Order => o !== undefined);
        if (orders.length === 0) return fail(reply, codes.orderNotFound);
        return ok(reply, { orders });
      },
      { shop: true },
    ),
  );

  // ---- webhook configuration ----

  app.get(
    '/event/202309/webhooks',
    signed(
      async (_request, reply) => {
        const webhooks = [...store.webhookAddresses.entries()].map(([event_type, w]) => ({
          event_type,
          ...w,
        }));
        return ok(reply, { total_count: webhooks.length, webhooks });
      },
      { shop: true },
    ),
  );

  app.put(
    '/event/202309/webhooks',
    signed(
      async (request, reply) => {
        const input = body(
          z.object({ address: z.string().url(), event_type: z.string().min(1) }),
          request,
          reply,
        );
        if (!input) return reply;
        const now = clock.nowSeconds();
        const existing = store.webhookAddresses.get(input.event_type);
        store.webhookAddresses.set(input.event_type, {
          address: input.address,
          create_time: existing?.create_time ?? now,
          update_time: now,
        });
        return ok(reply, {});
      },
      { shop: true },
    ),
  );

  app.delete(
    '/event/202309/webhooks',
    signed(
      async (request, reply) => {
        const input = body(z.object({ event_type: z.string().min(1) }), request, reply);
        if (!input) return reply;
        store.webhookAddresses.delete(input.event_type);
        return ok(reply, {});
      },
      { shop: true },
    ),
  );

  return { limiter };
}
