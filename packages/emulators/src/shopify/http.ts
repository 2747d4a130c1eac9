import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { handleGraphql } from './graphql';
import { signQuery } from './hmac';
import { authorizePage, chargePage, errorPage } from './pages';
import { bulkSignature, chargeSignature } from './resolvers';
import { ShopifyError, type ShopifyRuntime } from './runtime';
import { isSupportedVersion, SUPPORTED_VERSIONS, type ApiVersion } from './schema';
import type { ShopState } from './state';

/**
 * How a request names its shop, since *.myshopify.com cannot resolve here (documented in README):
 * 1. a `/shops/{shop}.myshopify.com` path prefix (what the emulator's own URLs use),
 * 2. a `Host: {shop}.myshopify.com` header (reverse proxies, curl -H, node:http),
 * 3. the shop the access token belongs to (Admin API only),
 * 4. a `shop` query or body parameter,
 * 5. settings.defaultShop.
 */
const HOST_PATTERN = /^([a-z0-9][a-z0-9-]*\.myshopify\.com)(?::\d+)?$/i;

type Req = FastifyRequest<{ Params: Record<string, string>; Querystring: Record<string, unknown> }>;

export function shopDomainOf(request: Req, tokenShop?: string): string | undefined {
  const fromPath = request.params.shop;
  if (fromPath) return fromPath.toLowerCase();
  const host = HOST_PATTERN.exec(String(request.headers.host ?? ''));
  if (host?.[1]) return host[1].toLowerCase();
  if (tokenShop) return tokenShop;
  const query = request.query?.shop;
  if (typeof query === 'string' && query) return query.toLowerCase();
  const body = (request.body as Record<string, unknown> | undefined)?.shop;
  if (typeof body === 'string' && body) return body.toLowerCase();
  return undefined;
}

const INVALID_TOKEN =
  '[API] Invalid API key or access token (unrecognized login or wrong password)';

/** Registers `path` both bare and under the `/shops/:shop` prefix. */
function both(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  path: string,
  handler: (request: Req, reply: FastifyReply) => unknown,
): void {
  for (const url of [path, `/shops/:shop${path}`]) {
    app.route({ method, url, handler: handler as never });
  }
}

function paramsOf(request: Req): Record<string, string> {
  const merged: Record<string, string> = {};
  for (const source of [request.query, request.body]) {
    if (!source || typeof source !== 'object') continue;
    for (const [key, value] of Object.entries(source as Record<string, unknown>)) {
      if (value === undefined || value === null) continue;
      merged[key] = Array.isArray(value) ? value.join(',') : String(value);
    }
  }
  return merged;
}

function resolveVersion(raw: string): ApiVersion | null {
  if (isSupportedVersion(raw)) return raw;
  // Shopify serves the oldest supported version for a retired one ("falls forward").
  if (/^\d{4}-\d{2}$/.test(raw) && raw < SUPPORTED_VERSIONS[0]) return SUPPORTED_VERSIONS[0];
  return null;
}

/** The `host` parameter: standard base64 of the admin host (what App Bridge and the SDK decode). */
function hostParam(text: string): string {
  return Buffer.from(text).toString('base64');
}

function verifySessionToken(token: string, secret: string, clientId: string, now: number) {
  const [header, payload, signature] = token.split('.');
  if (!header || !payload || !signature) return null;
  const expected = createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url');
  const a = Buffer.from(signature);
  const b = Buffer.from(expected);
  if (a.length !== b.length || !timingSafeEqual(a, b)) return null;
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >;
  const seconds = Math.floor(now / 1000);
  if (claims.aud !== clientId) return null;
  if (typeof claims.exp === 'number' && claims.exp < seconds - 5) return null;
  if (typeof claims.nbf === 'number' && claims.nbf > seconds + 5) return null;
  const dest = typeof claims.dest === 'string' ? claims.dest.replace(/^https?:\/\//, '') : '';
  return dest ? { shop: dest, claims } : null;
}

export function registerShopifyRoutes(app: FastifyInstance, rt: ShopifyRuntime): void {
  const settings = rt.settings;

  const shopOr404 = (request: Req, reply: FastifyReply, tokenShop?: string): ShopState | null => {
    const domain = shopDomainOf(request, tokenShop) ?? settings.defaultShop;
    const shop = rt.findShop(domain);
    if (!shop) {
      void reply.code(404).send({ errors: 'Not Found' });
      return null;
    }
    return shop;
  };

  // ---- Admin GraphQL --------------------------------------------------------------------
  both(app, 'POST', '/admin/api/:version/graphql.json', (request, reply) => {
    const version = resolveVersion(request.params.version ?? '');
    if (!version) return reply.code(404).send({ errors: 'Not Found' });
    const tokenHeader = request.headers['x-shopify-access-token'];
    const token = rt.authenticate(typeof tokenHeader === 'string' ? tokenHeader : undefined);
    if (!token) return reply.code(401).send({ errors: INVALID_TOKEN });
    const shop = shopOr404(request, reply, token.shop);
    if (!shop) return reply;
    if (token.shop !== shop.domain || !shop.installed) {
      return reply.code(401).send({ errors: INVALID_TOKEN });
    }
    // application/graphql bodies are the bare query text.
    const body =
      typeof request.body === 'string' &&
      String(request.headers['content-type'] ?? '').includes('application/graphql')
        ? { query: request.body }
        : request.body;
    const result = handleGraphql(rt, shop, token.scopes, version, body);
    void reply
      .code(result.status)
      .header('X-Shopify-API-Version', version)
      .header('X-Request-Id', randomUUID());
    for (const [name, value] of Object.entries(result.headers ?? {}))
      void reply.header(name, value);
    return reply.send(result.body);
  });

  // ---- OAuth ------------------------------------------------------------------------------
  both(app, 'GET', '/admin/oauth/authorize', (request, reply) => {
    const shop = shopOr404(request, reply);
    if (!shop) return reply;
    const params = paramsOf(request);
    const html = (status: number, message: string) =>
      reply.code(status).type('text/html').send(errorPage(message));
    if (params.client_id !== settings.app.clientId) {
      return html(400, 'Invalid client_id: no app with this API key is installed for this store.');
    }
    const redirectUri = params.redirect_uri;
    if (!redirectUri) return html(400, 'The redirect_uri is missing.');
    if (settings.app.redirectUrls.length && !settings.app.redirectUrls.includes(redirectUri)) {
      return html(400, 'The redirect_uri is not whitelisted.');
    }
    const scopes = (params.scope ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const grantOptions = params['grant_options[]'] ?? params.grant_options ?? '';
    return reply.type('text/html').send(
      authorizePage({
        action: rt.shopUrl(shop, '/admin/oauth/authorize'),
        shop: shop.domain,
        appTitle: settings.app.title,
        scopes: scopes.length ? scopes : settings.defaultScopes,
        fields: {
          client_id: params.client_id,
          scope: scopes.join(','),
          redirect_uri: redirectUri,
          state: params.state ?? '',
          grant_options: grantOptions,
        },
      }),
    );
  });

  both(app, 'POST', '/admin/oauth/authorize', (request, reply) => {
    const shop = shopOr404(request, reply);
    if (!shop) return reply;
    const params = paramsOf(request);
    if (params.client_id !== settings.app.clientId || !params.redirect_uri) {
      return reply.code(400).type('text/html').send(errorPage('Invalid authorization request.'));
    }
    const target = new URL(params.redirect_uri);
    if (params.decision !== 'approve') {
      target.searchParams.set('error', 'access_denied');
      target.searchParams.set('shop', shop.domain);
      if (params.state) target.searchParams.set('state', params.state);
      return reply.redirect(target.toString(), 302);
    }
    const scopes = (params.scope || settings.defaultScopes.join(','))
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    const code = randomBytes(16).toString('hex');
    rt.codes.set(code, {
      code,
      shop: shop.domain,
      scopes,
      redirectUri: params.redirect_uri,
      online: params.grant_options === 'per-user',
      expiresAt: rt.now() + settings.authorizationCodeTtlSeconds * 1000,
    });
    shop.installed = true;
    shop.grantedScopes = scopes;
    const query: Record<string, string> = {
      code,
      host: hostParam(`admin.shopify.com/store/${shop.name}`),
      shop: shop.domain,
      state: params.state ?? '',
      timestamp: String(Math.floor(rt.now() / 1000)),
    };
    query.hmac = signQuery(settings.app.clientSecret, query);
    for (const [key, value] of Object.entries(query)) target.searchParams.set(key, value);
    return reply.redirect(target.toString(), 302);
  });

  both(app, 'POST', '/admin/oauth/access_token', (request, reply) => {
    const params = paramsOf(request);
    const fail = (error: string, description: string, status = 400) =>
      reply.code(status).send({ error, error_description: description });
    if (params.client_id !== settings.app.clientId) {
      return fail('invalid_client', 'Client authentication failed: unknown client_id.');
    }
    if (params.client_secret !== settings.app.clientSecret) {
      return fail('invalid_client', 'Client authentication failed: the client_secret is invalid.');
    }
    const grant = params.grant_type ?? 'authorization_code';
    const expiring =
      params.expiring === undefined
        ? settings.expiringTokensByDefault
        : params.expiring === '1' || params.expiring === 'true';
    if (grant === 'refresh_token') {
      const issued = rt.refresh(params.refresh_token ?? '');
      if (!issued)
        return fail('invalid_grant', 'The refresh token is invalid, expired or revoked.');
      return reply.send(issued);
    }
    if (
      grant === 'urn:ietf:params:oauth:grant-type:token-exchange' &&
      params.subject_token_type === 'urn:shopify:params:oauth:token-type:offline-access-token'
    ) {
      // Migration of a non-expiring offline token to an expiring one (the old token is revoked).
      const old = rt.authenticate(params.subject_token);
      if (!old || old.kind !== 'offline' || old.expiresAt !== null) {
        return fail(
          'invalid_subject_token',
          'The subject token is not a non-expiring offline token.',
        );
      }
      rt.tokens.delete(old.token);
      return reply.send(
        rt.issueAccessToken(old.shop, old.scopes, { kind: 'offline', expiring: true }),
      );
    }
    if (grant === 'urn:ietf:params:oauth:grant-type:token-exchange') {
      const verified = verifySessionToken(
        params.subject_token ?? '',
        settings.app.clientSecret,
        settings.app.clientId,
        rt.now(),
      );
      if (!verified) return fail('invalid_subject_token', 'The session token is invalid.');
      const shop = rt.findShop(verified.shop);
      if (!shop) return fail('invalid_subject_token', 'Unknown shop in session token.');
      const online =
        params.requested_token_type === 'urn:shopify:params:oauth:token-type:online-access-token';
      shop.installed = true;
      if (!shop.grantedScopes.length) shop.grantedScopes = [...settings.defaultScopes];
      return reply.send(
        rt.issueAccessToken(shop.domain, shop.grantedScopes, {
          kind: online ? 'online' : 'offline',
          expiring,
        }),
      );
    }
    if (grant !== 'authorization_code')
      return fail('unsupported_grant_type', `Unsupported grant_type ${grant}.`);
    const code = rt.codes.get(params.code ?? '');
    // A code is single-use: it is gone after the first exchange, successful or not.
    if (params.code) rt.codes.delete(params.code);
    const shopDomain = shopDomainOf(request);
    if (
      !code ||
      code.expiresAt <= rt.now() ||
      (shopDomain !== undefined && shopDomain !== code.shop)
    ) {
      return fail('invalid_request', 'The authorization code was not found or was already used');
    }
    return reply.send(
      rt.issueAccessToken(code.shop, code.scopes, {
        kind: code.online ? 'online' : 'offline',
        expiring,
      }),
    );
  });

  // ---- Billing confirmation ---------------------------------------------------------------
  const chargePath =
    '/admin/charges/:appId/:chargeId/RecurringApplicationCharge/confirm_recurring_application_charge';
  const findCharge = (request: Req, reply: FastifyReply) => {
    const shop = shopOr404(request, reply);
    if (!shop) return null;
    const id = Number(request.params.chargeId);
    const sub = shop.appSubscriptions.get(id);
    const signature = paramsOf(request).signature ?? '';
    if (!sub || signature !== chargeSignature(settings.app.clientSecret, id)) {
      void reply.code(404).type('text/html').send(errorPage('This charge does not exist.'));
      return null;
    }
    return { shop, sub };
  };
  both(app, 'GET', chargePath, (request, reply) => {
    const found = findCharge(request, reply);
    if (!found) return reply;
    const { shop, sub } = found;
    const line = sub.lineItems[0];
    const price = line
      ? `${line.amount} ${line.currencyCode} ${line.kind === 'usage' ? `usage, capped (${line.terms ?? ''})` : line.interval === 'ANNUAL' ? 'per year' : 'every 30 days'}`
      : '';
    return reply.type('text/html').send(
      chargePage({
        action: `${rt.shopUrl(shop, request.url.replace(/^\/shops\/[^/]+/, '').split('?')[0] ?? '')}?signature=${chargeSignature(settings.app.clientSecret, sub.id)}`,
        shop: shop.domain,
        appTitle: settings.app.title,
        name: sub.name,
        price,
        test: sub.test,
        trialDays: sub.trialDays,
        status: sub.status,
      }),
    );
  });
  both(app, 'POST', chargePath, (request, reply) => {
    const found = findCharge(request, reply);
    if (!found) return reply;
    const { shop, sub } = found;
    if (sub.status !== 'PENDING') {
      return reply.code(422).type('text/html').send(errorPage('This charge is no longer pending.'));
    }
    const approve = paramsOf(request).decision === 'approve';
    if (approve) {
      for (const other of shop.appSubscriptions.values()) {
        if (other.id !== sub.id && other.status === 'ACTIVE') {
          other.status = 'CANCELLED';
          rt.emitSubscriptionUpdate(shop, other);
        }
      }
      sub.status = 'ACTIVE';
      const line = sub.lineItems[0];
      const periodDays = line?.interval === 'ANNUAL' ? 365 : 30;
      sub.currentPeriodEnd = rt.now() + (sub.trialDays + periodDays) * 86_400_000;
    } else {
      sub.status = 'DECLINED';
    }
    rt.emitSubscriptionUpdate(shop, sub);
    const target = new URL(sub.returnUrl);
    target.searchParams.set('charge_id', String(sub.id));
    return reply.redirect(target.toString(), 302);
  });

  // ---- Bulk operation results ---------------------------------------------------------------
  app.get('/bulk/:shop/:file', (request: Req, reply) => {
    const shop = rt.shops.get(String(request.params.shop));
    const id = Number(String(request.params.file).replace(/\.jsonl$/, ''));
    const op = shop?.bulkOperations.get(id);
    const signature = String(request.query.signature ?? '');
    if (
      !shop ||
      !op ||
      op.result === null ||
      signature !== bulkSignature(settings.app.clientSecret, shop.domain, id)
    ) {
      return reply.code(404).type('application/xml').send('<Error><Code>NoSuchKey</Code></Error>');
    }
    if (op.expiresAt !== null && op.expiresAt <= rt.now()) {
      return reply
        .code(400)
        .type('application/xml')
        .send('<Error><Code>ExpiredToken</Code></Error>');
    }
    return reply.type('application/jsonl').send(op.result);
  });
}

// ---- control interface (/_emulator/...) -------------------------------------------------------

const refSchema = z.object({
  sku: z.string().optional(),
  variantId: z.union([z.number(), z.string()]).optional(),
  inventoryItemId: z.union([z.number(), z.string()]).optional(),
});

const settingsPatch = z
  .object({
    rateLimiting: z.boolean(),
    throttledHttpStatus: z.union([z.literal(200), z.literal(429)]),
    maxQueryCost: z.number().int().positive(),
    maxPageSize: z.number().int().positive(),
    mutationCost: z.number().int().min(0),
    accessTokenTtlSeconds: z.number().int().positive(),
    refreshTokenTtlSeconds: z.number().int().positive(),
    onlineTokenTtlSeconds: z.number().int().positive(),
    expiringTokensByDefault: z.boolean(),
    compareQuantityStaleCode: z.string(),
    idempotencyRequiredFrom: z.string(),
    idempotencyRetentionSeconds: z.number().int().positive(),
    bulkQueryConcurrency: z.number().int().positive(),
    bulkStartDelayMs: z.number().int().min(0),
    bulkRunMs: z.number().int().min(0),
    bulkChunkSize: z.number().int().positive(),
    allowHttpWebhooks: z.boolean(),
    shopRedactDelayMs: z.number().int().min(0).nullable(),
    appWebhooks: z.array(z.object({ topics: z.array(z.string()), uri: z.string() })),
  })
  .partial();

export function registerControlRoutes(app: FastifyInstance, rt: ShopifyRuntime): void {
  const handle =
    <T>(schema: z.ZodType<T>, run: (input: T) => unknown) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      const parsed = schema.safeParse({
        ...(request.query as object),
        ...(request.body as object),
      });
      if (!parsed.success) return reply.code(400).send({ error: parsed.error.issues });
      try {
        return run(parsed.data) ?? { ok: true };
      } catch (error) {
        if (error instanceof ShopifyError)
          return reply.code(error.status).send({ error: error.message });
        throw error;
      }
    };
  const shopField = z.string().default(rt.settings.defaultShop);
  const plan = z.enum(['standard', 'advanced', 'plus', 'enterprise']);

  app.post(
    '/_emulator/shops',
    handle(
      z.object({
        shop: shopField,
        plan: plan.optional(),
        locations: z.number().int().min(1).max(4).optional(),
      }),
      (i) => {
        const shop = rt.createShop(i.shop, { plan: i.plan, locations: i.locations });
        if (i.plan) shop.plan = i.plan;
        return { shop: shop.domain, id: shop.id, locations: shop.locationList.map((l) => l.id) };
      },
    ),
  );
  app.post(
    '/_emulator/seed',
    handle(
      z.object({
        shop: shopField,
        products: z.number().int().min(0).max(200_000),
        seed: z.number().int().optional(),
        skuPrefix: z.string().optional(),
        offset: z.number().int().min(0).optional(),
        variantsPerProduct: z.number().min(1).max(6).optional(),
        missingSkuRate: z.number().min(0).max(1).optional(),
        locations: z.number().int().min(1).max(4).optional(),
        secondLocationRate: z.number().min(0).max(1).optional(),
        plan: plan.optional(),
      }),
      (i) => {
        const shop = rt.seed(i.shop, i);
        return { shop: shop.domain, products: shop.products.size, variants: shop.variants.size };
      },
    ),
  );
  app.post(
    '/_emulator/install',
    handle(z.object({ shop: shopField, scopes: z.array(z.string()).optional() }), (i) => ({
      shop: i.shop,
      accessToken: rt.install(i.shop, i.scopes),
    })),
  );
  app.get(
    '/_emulator/install-request',
    async (
      request: FastifyRequest<{ Querystring: { shop?: string; redirect?: string } }>,
      reply,
    ) => {
      const url = installRequestUrl(rt, request.query.shop ?? rt.settings.defaultShop);
      if (request.query.redirect === '1') return reply.redirect(url, 302);
      return { url };
    },
  );
  app.post(
    '/_emulator/sale',
    handle(
      z.object({
        shop: shopField,
        lines: z.array(refSchema.extend({ quantity: z.number().int().positive() })).min(1),
        locationId: z.union([z.number(), z.string()]).optional(),
      }),
      (i) => {
        const { order } = rt.simulateSale(i.shop, i);
        return { orderId: order.id, name: order.name };
      },
    ),
  );
  app.post(
    '/_emulator/stock',
    handle(
      refSchema.extend({
        shop: shopField,
        available: z.number().int(),
        locationId: z.union([z.number(), z.string()]).optional(),
      }),
      (i) => {
        const level = rt.adminSetAvailable(i.shop, i);
        return {
          inventoryItemId: level.itemId,
          locationId: level.locationId,
          available: level.quantities.available,
        };
      },
    ),
  );
  app.post(
    '/_emulator/product-update',
    handle(
      z.object({
        shop: shopField,
        productId: z.union([z.number(), z.string()]),
        title: z.string().optional(),
        variants: z
          .array(refSchema.extend({ sku: z.string().optional(), price: z.string().optional() }))
          .optional(),
      }),
      (i) => {
        const product = rt.adminUpdateProduct(i.shop, i.productId, i);
        return { productId: product.id };
      },
    ),
  );
  app.get(
    '/_emulator/state',
    handle(z.object({ shop: shopField, sku: z.string().optional() }), (i) => {
      const shop = rt.requireShop(i.shop);
      const variants = rt.snapshot(i.shop).filter((v) => i.sku === undefined || v.sku === i.sku);
      return {
        shop: shop.domain,
        plan: shop.plan,
        installed: shop.installed,
        scopes: shop.grantedScopes,
        locations: shop.locationList.map((l) => ({ id: l.id, name: l.name })),
        products: shop.products.size,
        variants,
        orders: shop.orders.length,
        webhookSubscriptions: [...shop.webhookSubscriptions.values()],
        appSubscriptions: [...shop.appSubscriptions.values()],
      };
    }),
  );
  app.post(
    '/_emulator/uninstall',
    handle(z.object({ shop: shopField }), (i) => rt.uninstall(i.shop)),
  );
  app.post(
    '/_emulator/billing/freeze',
    handle(
      z.object({
        shop: shopField,
        frozen: z.boolean().default(true),
        subscriptionId: z.union([z.number(), z.string()]).optional(),
      }),
      (i) => ({
        subscriptions: rt
          .setBillingFrozen(i.shop, i.frozen, i.subscriptionId)
          .map((sub) => ({ id: `gid://shopify/AppSubscription/${sub.id}`, status: sub.status })),
      }),
    ),
  );
  app.post(
    '/_emulator/compliance',
    handle(
      z.object({
        shop: shopField,
        topic: z.enum(['customers/data_request', 'customers/redact', 'shop/redact']),
        customerId: z.number().int().optional(),
        email: z.string().optional(),
        orderIds: z.array(z.number().int()).optional(),
      }),
      (i) => ({ deliveries: rt.sendCompliance(i.shop, i.topic, i).length }),
    ),
  );
  app.get('/_emulator/webhooks', async () => ({ deliveries: rt.deliveries }));
  app.get('/_emulator/settings', async () => publicSettings(rt));
  app.post(
    '/_emulator/settings',
    handle(settingsPatch, (patch) => {
      const { appWebhooks, ...rest } = patch;
      Object.assign(rt.settings, rest);
      if (appWebhooks) rt.settings.app.webhooks = appWebhooks;
      return publicSettings(rt);
    }),
  );
}

function publicSettings(rt: ShopifyRuntime) {
  const { now: _now, app, ...rest } = rt.settings;
  return { ...rest, app: { ...app, clientSecret: '(hidden)' } };
}

/** An install request as Shopify sends it to the App URL: shop, timestamp, host, hmac. */
export function installRequestUrl(rt: ShopifyRuntime, domain: string): string {
  const shop = rt.requireShop(domain);
  const query: Record<string, string> = {
    host: hostParam(`admin.shopify.com/store/${shop.name}`),
    shop: shop.domain,
    timestamp: String(Math.floor(rt.now() / 1000)),
  };
  query.hmac = signQuery(rt.settings.app.clientSecret, query);
  const url = new URL(rt.settings.app.appUrl);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  return url.toString();
}
