import { randomBytes, randomUUID } from 'node:crypto';
import type { WebhookSender } from '../core';
import type { PlanName, ShopifySettings } from './config';
import { webhookHmac } from './hmac';
import {
  inventoryItemPayload,
  inventoryLevelPayload,
  iso,
  orderPayload,
  productPayload,
  shopPayload,
} from './payloads';
import {
  IdSequence,
  applyDelta,
  emptyQuantities,
  quantityOf,
  seedShop,
  ShopState,
  type AppSubscription,
  type InventoryItem,
  type InventoryLevel,
  type SeedOptions,
  type Variant,
} from './state';

export interface AccessTokenRecord {
  token: string;
  shop: string;
  scopes: string[];
  kind: 'offline' | 'online';
  expiresAt: number | null;
  /** The refresh token that was rotated away when this token was issued (revoked on first use). */
  replacesRefreshToken: string | null;
  used: boolean;
}

export interface RefreshTokenRecord {
  token: string;
  shop: string;
  scopes: string[];
  expiresAt: number;
  revoked: boolean;
}

export interface AuthorizationCode {
  code: string;
  shop: string;
  scopes: string[];
  redirectUri: string;
  online: boolean;
  expiresAt: number;
}

export interface WebhookDelivery {
  topic: string;
  shop: string;
  url: string;
  webhookId: string;
  eventId: string;
  apiVersion: string;
  triggeredAt: string;
  body: string;
}

export const SHOP_DOMAIN_PATTERN = /^[a-zA-Z0-9][a-zA-Z0-9-]*\.myshopify\.com$/;

/** GraphQL topic enum (`INVENTORY_LEVELS_UPDATE`) to header topic (`inventory_levels/update`). */
export function topicFromEnum(value: string): string {
  const parts = value.toLowerCase().split('_');
  const action = parts.pop() ?? '';
  return `${parts.join('_')}/${action}`;
}

export function topicToEnum(topic: string): string {
  return topic.replace('/', '_').toUpperCase();
}

export class ShopifyError extends Error {
  constructor(
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}

/** Shared emulator state and behaviour used by the HTTP routes, the GraphQL resolvers and tests. */
export class ShopifyRuntime {
  readonly ids = new IdSequence();
  readonly shops = new Map<string, ShopState>();
  readonly tokens = new Map<string, AccessTokenRecord>();
  readonly refreshTokens = new Map<string, RefreshTokenRecord>();
  readonly codes = new Map<string, AuthorizationCode>();
  readonly deliveries: WebhookDelivery[] = [];
  baseUrl = 'http://127.0.0.1';
  private timers = new Set<NodeJS.Timeout>();

  constructor(
    readonly settings: ShopifySettings,
    private readonly sender: WebhookSender,
  ) {}

  now(): number {
    return this.settings.now();
  }

  publicUrl(): string {
    return (this.settings.publicUrl ?? this.baseUrl).replace(/\/$/, '');
  }

  /** Absolute URL of a shop-scoped page (the browser cannot resolve *.myshopify.com here). */
  shopUrl(shop: ShopState, path: string): string {
    return `${this.publicUrl()}/shops/${shop.domain}${path}`;
  }

  // ---- shops -------------------------------------------------------------------------------

  createShop(domain: string, options: { plan?: PlanName; locations?: number } = {}): ShopState {
    if (!SHOP_DOMAIN_PATTERN.test(domain)) throw new ShopifyError(`invalid shop domain ${domain}`);
    const existing = this.shops.get(domain);
    if (existing) return existing;
    const now = this.now();
    const shop = new ShopState(
      domain,
      this.ids.take('Shop'),
      options.plan ?? this.settings.defaultPlan,
      now,
      this.ids,
    );
    const names = ['Main warehouse', 'Retail store', 'Overflow', 'Pop-up'];
    for (let i = 0; i < Math.max(1, options.locations ?? 1); i++) {
      shop.addLocation(names[i] ?? `Location ${i + 1}`, now);
    }
    this.shops.set(domain, shop);
    return shop;
  }

  /** The shop, created on first use when autoCreateShops is on (else undefined). */
  findShop(domain: string | undefined): ShopState | undefined {
    if (!domain) return undefined;
    const normalized = domain.toLowerCase();
    const shop = this.shops.get(normalized);
    if (shop) return shop;
    if (this.settings.autoCreateShops && SHOP_DOMAIN_PATTERN.test(normalized)) {
      return this.createShop(normalized);
    }
    return undefined;
  }

  requireShop(domain: string): ShopState {
    const shop = this.findShop(domain);
    if (!shop) throw new ShopifyError(`unknown shop ${domain}`, 404);
    return shop;
  }

  /** Seeds products deterministically (core generateCatalogue); the shop is created if needed. */
  seed(domain: string, options: SeedOptions & { plan?: PlanName }): ShopState {
    const shop = this.createShop(domain, { plan: options.plan, locations: options.locations });
    if (options.plan) shop.plan = options.plan;
    seedShop(shop, options, this.now());
    return shop;
  }

  /** Marks the app installed with scopes and returns a non-expiring offline token (test shortcut). */
  install(domain: string, scopes = this.settings.defaultScopes): string {
    const shop = this.requireShop(domain);
    shop.installed = true;
    shop.grantedScopes = [...scopes];
    return this.issueAccessToken(shop.domain, scopes, { kind: 'offline', expiring: false })
      .access_token;
  }

  // ---- tokens ------------------------------------------------------------------------------

  issueAccessToken(
    domain: string,
    scopes: string[],
    options: { kind: 'offline' | 'online'; expiring: boolean; replacesRefreshToken?: string },
  ) {
    const now = this.now();
    const prefix = options.kind === 'online' ? 'shpua_' : 'shpat_';
    const token = prefix + randomBytes(16).toString('hex');
    const ttl =
      options.kind === 'online'
        ? this.settings.onlineTokenTtlSeconds
        : options.expiring
          ? this.settings.accessTokenTtlSeconds
          : null;
    this.tokens.set(token, {
      token,
      shop: domain,
      scopes,
      kind: options.kind,
      expiresAt: ttl === null ? null : now + ttl * 1000,
      replacesRefreshToken: options.replacesRefreshToken ?? null,
      used: false,
    });
    const response: Record<string, unknown> = { access_token: token, scope: scopes.join(',') };
    if (options.kind === 'online') {
      response.expires_in = ttl;
      response.associated_user_scope = scopes.join(',');
      response.associated_user = {
        id: 902541635,
        first_name: 'Sandbox',
        last_name: 'Owner',
        email: `owner@${domain.replace('.myshopify.com', '')}.example.com`,
        email_verified: true,
        account_owner: true,
        locale: 'en',
        collaborator: false,
      };
    } else if (options.expiring) {
      const refresh = 'shprt_' + randomBytes(16).toString('hex');
      this.refreshTokens.set(refresh, {
        token: refresh,
        shop: domain,
        scopes,
        expiresAt: now + this.settings.refreshTokenTtlSeconds * 1000,
        revoked: false,
      });
      response.expires_in = ttl;
      response.refresh_token = refresh;
      response.refresh_token_expires_in = this.settings.refreshTokenTtlSeconds;
    }
    return response as { access_token: string; scope: string } & Record<string, unknown>;
  }

  /** Resolves an Admin API token; undefined when unknown, revoked or expired. */
  authenticate(token: string | undefined): AccessTokenRecord | undefined {
    if (!token) return undefined;
    const record = this.tokens.get(token);
    if (!record) return undefined;
    if (record.expiresAt !== null && record.expiresAt <= this.now()) return undefined;
    if (!record.used) {
      record.used = true;
      // Aug 2026 behaviour: the previous refresh token stays valid until its replacement is used.
      if (record.replacesRefreshToken) {
        const previous = this.refreshTokens.get(record.replacesRefreshToken);
        if (previous) previous.revoked = true;
      }
    }
    return record;
  }

  /** Rotates a refresh token (docs/channels §1.1.2). */
  refresh(refreshToken: string) {
    const record = this.refreshTokens.get(refreshToken);
    if (!record || record.revoked || record.expiresAt <= this.now()) return undefined;
    const shop = this.shops.get(record.shop);
    if (!shop?.installed) return undefined;
    return this.issueAccessToken(record.shop, record.scopes, {
      kind: 'offline',
      expiring: true,
      replacesRefreshToken: refreshToken,
    });
  }

  revokeShopTokens(domain: string): void {
    for (const [token, record] of this.tokens)
      if (record.shop === domain) this.tokens.delete(token);
    for (const record of this.refreshTokens.values())
      if (record.shop === domain) record.revoked = true;
  }

  // ---- webhooks ----------------------------------------------------------------------------

  /** Sends `topic` to every subscription of the shop and every app-wide subscription. */
  emit(shop: ShopState, topic: string, payload: unknown): WebhookDelivery[] {
    const targets: Array<{ url: string; apiVersion: string; includeFields: string[] }> = [];
    const enumTopic = topicToEnum(topic);
    for (const sub of shop.webhookSubscriptions.values()) {
      if (sub.topic === enumTopic) {
        targets.push({
          url: sub.uri,
          apiVersion: sub.apiVersion,
          includeFields: sub.includeFields,
        });
      }
    }
    for (const sub of this.settings.app.webhooks) {
      if (sub.topics.includes(topic)) {
        targets.push({
          url: sub.uri,
          apiVersion: this.settings.app.webhookApiVersion,
          includeFields: [],
        });
      }
    }
    const eventId = randomUUID();
    const triggeredAt = new Date(this.now()).toISOString();
    const sent: WebhookDelivery[] = [];
    for (const target of targets) {
      const data =
        target.includeFields.length && payload && typeof payload === 'object'
          ? Object.fromEntries(
              Object.entries(payload).filter(([key]) => target.includeFields.includes(key)),
            )
          : payload;
      const body = JSON.stringify(data);
      const delivery: WebhookDelivery = {
        topic,
        shop: shop.domain,
        url: target.url,
        webhookId: randomUUID(),
        eventId,
        apiVersion: target.apiVersion,
        triggeredAt,
        body,
      };
      this.deliveries.push(delivery);
      if (this.deliveries.length > 50_000) this.deliveries.splice(0, 5_000);
      this.sender.send({
        url: target.url,
        body,
        headers: {
          'Content-Type': 'application/json',
          'User-Agent': 'Shopify-Captain-Hook',
          'X-Shopify-Topic': topic,
          'X-Shopify-Hmac-Sha256': webhookHmac(this.settings.app.clientSecret, body),
          'X-Shopify-Shop-Domain': shop.domain,
          'X-Shopify-API-Version': target.apiVersion,
          'X-Shopify-Webhook-Id': delivery.webhookId,
          'X-Shopify-Event-Id': eventId,
          'X-Shopify-Triggered-At': triggeredAt,
        },
      });
      sent.push(delivery);
    }
    return sent;
  }

  // ---- inventory ---------------------------------------------------------------------------

  /** Sets or changes a level's quantity and reports an inventory_levels/update when `available` moved. */
  changeQuantity(
    shop: ShopState,
    level: InventoryLevel,
    name: string,
    delta: number,
    options: { webhook?: boolean } = {},
  ): number {
    const beforeAvailable = level.quantities.available;
    applyDelta(level, name, delta, this.now());
    const item = shop.items.get(level.itemId);
    if (item) item.updatedAt = level.updatedAt;
    if (options.webhook !== false && level.quantities.available !== beforeAvailable) {
      this.emit(shop, 'inventory_levels/update', inventoryLevelPayload(level));
    }
    return quantityOf(level, name) ?? 0;
  }

  /** Finds the variant for a SKU, variant id or inventory item id (first match for a shared SKU). */
  resolveVariant(shop: ShopState, ref: VariantRef): Variant {
    let variant: Variant | undefined;
    if (ref.variantId !== undefined) variant = shop.variants.get(Number(stripGid(ref.variantId)));
    else if (ref.inventoryItemId !== undefined) {
      const item = shop.items.get(Number(stripGid(ref.inventoryItemId)));
      variant = item && shop.variants.get(item.variantId);
    } else if (ref.sku !== undefined) variant = shop.variantsBySku(ref.sku)[0];
    if (!variant) throw new ShopifyError(`no variant for ${JSON.stringify(ref)}`, 404);
    return variant;
  }

  levelFor(shop: ShopState, item: InventoryItem, locationId?: number | string): InventoryLevel {
    const id =
      locationId !== undefined
        ? Number(stripGid(locationId))
        : (item.levels.keys().next().value ?? shop.primaryLocation().id);
    let level = item.levels.get(id);
    if (!level) {
      if (!shop.locations.has(id)) throw new ShopifyError(`unknown location ${id}`, 404);
      const now = this.now();
      level = {
        itemId: item.id,
        locationId: id,
        quantities: emptyQuantities(),
        createdAt: now,
        updatedAt: now,
      };
      item.levels.set(id, level);
    }
    return level;
  }

  /**
   * A sale on the storefront: orders/create, `available` down and `committed` up at the location,
   * inventory_levels/update.
   */
  simulateSale(
    domain: string,
    input: { lines: Array<VariantRef & { quantity: number }>; locationId?: number | string },
  ) {
    const shop = this.requireShop(domain);
    const now = this.now();
    const number = shop.nextOrderNumber();
    const lines = input.lines.map((line) => {
      const variant = this.resolveVariant(shop, line);
      return { variant, quantity: line.quantity };
    });
    const firstItem = lines[0] && shop.items.get(lines[0].variant.inventoryItemId);
    const locationId =
      input.locationId !== undefined
        ? Number(stripGid(input.locationId))
        : (firstItem?.levels.keys().next().value ?? shop.primaryLocation().id);
    const location = shop.locations.get(locationId);
    if (!location) throw new ShopifyError(`unknown location ${locationId}`, 404);
    const order = {
      id: this.ids.take('Order'),
      name: `#${number}`,
      number,
      createdAt: now,
      locationId,
      lineItems: lines.map(({ variant, quantity }) => ({
        id: this.ids.take('LineItem'),
        variantId: variant.id,
        quantity,
        price: variant.price,
      })),
      customer: { id: this.ids.take('Customer'), email: `buyer${number}@example.com`, phone: null },
    };
    shop.orders.push(order);
    this.emit(shop, 'orders/create', orderPayload(shop, order, location));
    const levels: InventoryLevel[] = [];
    for (const { variant, quantity } of lines) {
      const item = shop.items.get(variant.inventoryItemId);
      if (!item?.tracked) continue;
      const level = this.levelFor(shop, item, locationId);
      level.quantities.committed += quantity;
      this.changeQuantity(shop, level, 'available', -quantity);
      levels.push(level);
    }
    return { order, levels };
  }

  /** A merchant edits `available` in the Shopify admin: inventory_levels/update. */
  adminSetAvailable(
    domain: string,
    input: VariantRef & { available: number; locationId?: number | string },
  ) {
    const shop = this.requireShop(domain);
    const variant = this.resolveVariant(shop, input);
    const item = shop.items.get(variant.inventoryItemId);
    if (!item) throw new ShopifyError('variant without inventory item', 500);
    const level = this.levelFor(shop, item, input.locationId);
    this.changeQuantity(shop, level, 'available', input.available - level.quantities.available);
    return level;
  }

  /** A merchant edits a product in the admin (title / SKU / price): products/update. */
  adminUpdateProduct(
    domain: string,
    productId: number | string,
    changes: { title?: string; variants?: Array<VariantRef & { sku?: string; price?: string }> },
  ) {
    const shop = this.requireShop(domain);
    const product = shop.products.get(Number(stripGid(productId)));
    if (!product) throw new ShopifyError(`unknown product ${productId}`, 404);
    const now = this.now();
    if (changes.title !== undefined) product.title = changes.title;
    for (const change of changes.variants ?? []) {
      const variant = this.resolveVariant(shop, change);
      const item = shop.items.get(variant.inventoryItemId);
      if (change.sku !== undefined && item) {
        shop.indexSku(variant.id, item.sku, change.sku);
        item.sku = change.sku;
        item.updatedAt = now;
        this.emit(shop, 'inventory_items/update', inventoryItemPayload(item));
      }
      if (change.price !== undefined) variant.price = change.price;
      variant.updatedAt = now;
    }
    product.updatedAt = now;
    this.emit(shop, 'products/update', productPayload(shop, product));
    return product;
  }

  /** app_subscriptions/update after a status change. */
  emitSubscriptionUpdate(shop: ShopState, sub: AppSubscription): void {
    const line = sub.lineItems[0];
    this.emit(shop, 'app_subscriptions/update', {
      app_subscription: {
        admin_graphql_api_id: `gid://shopify/AppSubscription/${sub.id}`,
        name: sub.name,
        status: sub.status,
        admin_graphql_api_shop_id: `gid://shopify/Shop/${shop.id}`,
        created_at: iso(sub.createdAt),
        updated_at: iso(this.now()),
        currency: line?.currencyCode ?? 'USD',
        capped_amount: line?.kind === 'usage' ? line.amount : null,
        price: line?.kind === 'recurring' ? line.amount : null,
        interval: line?.interval.toLowerCase() ?? null,
        plan_handle: null,
      },
    });
  }

  /**
   * The merchant's bill goes unpaid (`frozen`: the shop's ACTIVE subscriptions become FROZEN) or is
   * paid (FROZEN ones become ACTIVE again, a period that ended meanwhile starting anew), with
   * app_subscriptions/update for each. `subscriptionId` limits it to one subscription. 409 when
   * nothing is in the state to change.
   */
  setBillingFrozen(
    domain: string,
    frozen: boolean,
    subscriptionId?: number | string,
  ): AppSubscription[] {
    const shop = this.requireShop(domain);
    const from = frozen ? 'ACTIVE' : 'FROZEN';
    const id = subscriptionId === undefined ? null : Number(stripGid(subscriptionId));
    const subs = [...shop.appSubscriptions.values()].filter(
      (sub) => sub.status === from && (id === null || sub.id === id),
    );
    if (!subs.length) {
      const which = id === null ? `no ${from} subscription` : `no ${from} subscription ${id}`;
      throw new ShopifyError(`${shop.domain} has ${which}`, 409);
    }
    const now = this.now();
    for (const sub of subs) {
      sub.status = frozen ? 'FROZEN' : 'ACTIVE';
      if (!frozen && sub.currentPeriodEnd !== null && sub.currentPeriodEnd <= now) {
        const periodMs = (sub.lineItems[0]?.interval === 'ANNUAL' ? 365 : 30) * 86_400_000;
        const missed = Math.floor((now - sub.currentPeriodEnd) / periodMs) + 1;
        sub.currentPeriodEnd += missed * periodMs;
      }
      this.emitSubscriptionUpdate(shop, sub);
    }
    return subs;
  }

  /** Uninstalls the app: app/uninstalled, tokens revoked, subscriptions cancelled and removed. */
  uninstall(domain: string): void {
    const shop = this.requireShop(domain);
    this.emit(shop, 'app/uninstalled', shopPayload(shop));
    shop.installed = false;
    shop.grantedScopes = [];
    this.revokeShopTokens(domain);
    for (const sub of shop.appSubscriptions.values()) {
      if (sub.status === 'ACTIVE' || sub.status === 'PENDING' || sub.status === 'FROZEN') {
        sub.status = 'CANCELLED';
      }
    }
    shop.webhookSubscriptions.clear();
    if (this.settings.shopRedactDelayMs !== null) {
      this.later(this.settings.shopRedactDelayMs, () => this.sendCompliance(domain, 'shop/redact'));
    }
  }

  /** Sends a mandatory compliance webhook to the app-wide subscriptions. */
  sendCompliance(
    domain: string,
    topic: 'customers/data_request' | 'customers/redact' | 'shop/redact',
    input: { customerId?: number; email?: string; orderIds?: number[] } = {},
  ): WebhookDelivery[] {
    const shop = this.requireShop(domain);
    const customer = {
      id: input.customerId ?? 191167,
      email: input.email ?? 'john@example.com',
      phone: '555-625-1199',
    };
    const orders = input.orderIds ?? shop.orders.slice(-2).map((o) => o.id);
    const base = { shop_id: shop.id, shop_domain: shop.domain };
    const payload =
      topic === 'shop/redact'
        ? base
        : topic === 'customers/redact'
          ? { ...base, customer, orders_to_redact: orders }
          : {
              ...base,
              orders_requested: orders,
              customer,
              data_request: { id: this.ids.take('Event') },
            };
    return this.emit(shop, topic, payload);
  }

  /** Quantities per variant / SKU and location, for tests and the control interface. */
  snapshot(domain: string) {
    const shop = this.requireShop(domain);
    return shop.variantList.map((variant) => {
      const item = shop.items.get(variant.inventoryItemId)!;
      const levels = [...item.levels.values()].map((level) => ({
        locationId: level.locationId,
        available: level.quantities.available,
        onHand: quantityOf(level, 'on_hand') ?? 0,
        committed: level.quantities.committed,
        updatedAt: iso(level.updatedAt),
      }));
      return {
        productId: variant.productId,
        variantId: variant.id,
        inventoryItemId: item.id,
        sku: item.sku,
        available: levels.reduce((sum, l) => sum + l.available, 0),
        levels,
      };
    });
  }

  later(ms: number, run: () => void): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      run();
    }, ms);
    this.timers.add(timer);
  }

  clearTimers(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  reset(): void {
    this.clearTimers();
    this.shops.clear();
    this.tokens.clear();
    this.refreshTokens.clear();
    this.codes.clear();
    this.deliveries.length = 0;
  }
}

export interface VariantRef {
  sku?: string;
  variantId?: number | string;
  inventoryItemId?: number | string;
}

/** `gid://shopify/Type/123?x=y` -> `123`; numbers and plain strings pass through. */
export function stripGid(value: number | string): string {
  const text = String(value);
  const match = /^gid:\/\/shopify\/[A-Za-z]+\/(\d+)/.exec(text);
  return match ? (match[1] ?? text) : text;
}
