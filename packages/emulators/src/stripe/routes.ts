import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  invalidParam,
  missingParam,
  rateLimited,
  serverError,
  StripeApiError,
  unknownParam,
  unrecognizedUrl,
  type StripeErrorBody,
} from './errors';
import { parseForm, queryOf, type FormObject } from './form';
import { KNOWN_PARAMS, type Operation } from './known-params';
import { list, type WList, type WWebhookEndpoint } from './model';
import { Params } from './params';
import type { StripeStore } from './store';

type Handler = (ctx: { params: Params; path: Record<string, string> }) => unknown;

interface StoredResponse {
  fingerprint: string;
  status: number;
  body: string;
  requestId: string;
}

/** Sends a Stripe error with the headers Stripe sets. */
export function sendStripeError(reply: FastifyReply, error: StripeApiError, requestId?: string) {
  return reply
    .code(error.status)
    .header('content-type', 'application/json')
    .header('request-id', requestId ?? 'req_emulator')
    .send(JSON.stringify({ error: error.body satisfies StripeErrorBody }, null, 2));
}

/** The core's fault injection answers with Stripe's own error bodies. */
export function stripeFaultReply(
  kind: 'rate_limit' | 'server_error',
  _request: FastifyRequest,
  reply: FastifyReply,
) {
  return sendStripeError(reply, kind === 'rate_limit' ? rateLimited() : serverError());
}

function secretKeyOf(request: FastifyRequest): string | null {
  const auth = request.headers.authorization ?? '';
  if (auth.startsWith('Bearer ')) return auth.slice(7).trim();
  if (auth.startsWith('Basic ')) {
    const decoded = Buffer.from(auth.slice(6), 'base64').toString('utf8');
    return decoded.split(':')[0] ?? '';
  }
  return null;
}

function authError(key: string | null): StripeApiError {
  if (!key) {
    return new StripeApiError(401, {
      type: 'invalid_request_error',
      message:
        "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY'). See https://stripe.com/docs/api#authentication for details, or we can help at https://support.stripe.com/.",
    });
  }
  const masked = key.length > 8 ? `${key.slice(0, 8)}${'*'.repeat(4)}${key.slice(-4)}` : key;
  return new StripeApiError(401, {
    type: 'invalid_request_error',
    message: `Invalid API Key provided: ${masked}`,
  });
}

/**
 * Replaces string ids with the objects they name along each `expand` path (`subscription`,
 * `data.customer`, `latest_invoice.customer`, ...). Works on a copy.
 */
export function expandPaths(
  value: unknown,
  paths: string[],
  resolve: (id: string, field: string, owner: Record<string, unknown>) => unknown,
): unknown {
  const copy = structuredClone(value);
  for (const path of paths) {
    const walk = (node: unknown, segments: string[]): void => {
      if (Array.isArray(node)) {
        for (const item of node) walk(item, segments);
        return;
      }
      if (!node || typeof node !== 'object') return;
      const owner = node as Record<string, unknown>;
      const [head, ...rest] = segments;
      if (!head) return;
      // `data` of a list object is walked, not expanded.
      if (owner.object === 'list' && head === 'data') {
        walk(owner.data, rest);
        return;
      }
      let child = owner[head];
      if (typeof child === 'string' || child === undefined) {
        const resolved = resolve(typeof child === 'string' ? child : '', head, owner);
        if (resolved !== undefined) {
          owner[head] = structuredClone(resolved);
          child = owner[head];
        } else if (child === undefined) {
          throw invalidParam('expand', `This property cannot be expanded (${path}).`);
        }
      } else if (child !== null && typeof child !== 'object') {
        throw invalidParam('expand', `This property cannot be expanded (${path}).`);
      }
      if (rest.length > 0) walk(child, rest);
    };
    walk(copy, path.split('.'));
  }
  return copy;
}

/** Stripe pagination over newest-first items: limit, starting_after, ending_before. */
export function paginate<T extends { id: string }>(
  store: StripeStore,
  items: T[],
  p: Params,
  url: string,
): WList<T> {
  const limit =
    p.int('limit', { min: 1, max: store.settings.listMaxLimit }) ?? store.settings.listDefaultLimit;
  const after = p.str('starting_after');
  const before = p.str('ending_before');
  if (after) {
    const i = items.findIndex((x) => x.id === after);
    if (i === -1)
      throw invalidParam('starting_after', `No such object: '${after}'`, 'resource_missing');
    const rest = items.slice(i + 1);
    return list(url, rest.slice(0, limit), rest.length > limit);
  }
  if (before) {
    const i = items.findIndex((x) => x.id === before);
    if (i === -1)
      throw invalidParam('ending_before', `No such object: '${before}'`, 'resource_missing');
    const head = items.slice(0, i);
    return list(url, head.slice(Math.max(0, head.length - limit)), head.length > limit);
  }
  return list(url, items.slice(0, limit), items.length > limit);
}

/** Stripe shows an endpoint's signing secret only in the create answer. */
const withoutSecret = (e: WWebhookEndpoint) => {
  const { secret: _secret, ...rest } = e;
  return rest;
};

const newestFirst = <T>(map: Map<string, T>): T[] => [...map.values()].reverse();

/** Which parameter list (known-params.ts) each route checks; unlisted routes take `expand` only. */
const OPERATIONS: Record<string, Operation> = {
  'POST /v1/customers': 'customers.create',
  'GET /v1/customers': 'customers.list',
  'GET /v1/customers/search': 'customers.search',
  'POST /v1/customers/:id': 'customers.update',
  'POST /v1/products': 'products.create',
  'GET /v1/products': 'products.list',
  'POST /v1/prices': 'prices.create',
  'GET /v1/prices': 'prices.list',
  'POST /v1/checkout/sessions': 'checkout.sessions.create',
  'GET /v1/checkout/sessions': 'checkout.sessions.list',
  'GET /v1/checkout/sessions/:id/line_items': 'list',
  'POST /v1/billing_portal/sessions': 'billing_portal.sessions.create',
  'GET /v1/subscriptions': 'subscriptions.list',
  'POST /v1/subscriptions/:id': 'subscriptions.update',
  'DELETE /v1/subscriptions/:id': 'subscriptions.cancel',
  'GET /v1/invoices': 'invoices.list',
  'GET /v1/events': 'events.list',
  'POST /v1/webhook_endpoints': 'webhook_endpoints.create',
  'GET /v1/webhook_endpoints': 'list',
  'GET /v1/invoices/:id/lines': 'list',
  'GET /v1/subscription_items': 'subscription_items.list',
};

/** Registers the /v1 API. */
export function registerApiRoutes(app: FastifyInstance, store: StripeStore): void {
  const idempotency = new Map<string, StoredResponse>();
  let requestCounter = 0;

  const resolver = (id: string, field: string, owner: Record<string, unknown>): unknown => {
    if (field === 'line_items' && owner.object === 'checkout.session') {
      return store.sessionLineItems(owner.id as string);
    }
    if (field === 'subscriptions' && owner.object === 'customer') {
      const subs = [...store.subscriptions.values()]
        .reverse()
        .filter((s) => s.customer === owner.id && s.status !== 'canceled');
      return list(`/v1/customers/${owner.id as string}/subscriptions`, subs);
    }
    if (!id) return undefined;
    const prefix = id.slice(0, id.indexOf('_') + 1);
    const map: Record<string, Map<string, unknown>> = {
      cus_: store.customers,
      sub_: store.subscriptions,
      in_: store.invoices,
      price_: store.prices,
      prod_: store.products,
      cs_: store.sessions,
    };
    return map[prefix]?.get(id);
  };

  const route = (method: 'GET' | 'POST' | 'DELETE', url: string, handler: Handler) => {
    const operation: Operation = OPERATIONS[`${method} ${url}`] ?? 'retrieve';
    const known = new Set<string>(KNOWN_PARAMS[operation]);
    app.route({
      method,
      url,
      handler: async (request, reply) => {
        const requestId = `req_${createHash('sha1')
          .update(`${Date.now()}-${++requestCounter}`)
          .digest('hex')
          .slice(0, 14)}`;
        reply.header('request-id', requestId);
        reply.header('stripe-version', store.settings.apiVersion);
        const key = secretKeyOf(request);
        if (!key || !store.settings.secretKeys.includes(key)) {
          return sendStripeError(reply, authError(key), requestId);
        }
        const query = queryOf(request.url);
        const body = typeof request.rawBody === 'string' ? request.rawBody : '';
        const formBody: FormObject =
          body && (request.headers['content-type'] ?? '').includes('json')
            ? (request.body as FormObject)
            : parseForm(body);
        const raw: FormObject = { ...parseForm(query), ...formBody };
        const idemKey =
          method === 'GET' ? undefined : (request.headers['idempotency-key'] as string | undefined);
        const scopedKey = idemKey ? `${key}:${idemKey}` : undefined;
        const fingerprint = `${method} ${request.url.split('?')[0]} ${JSON.stringify(raw)}`;
        if (scopedKey) {
          const stored = idempotency.get(scopedKey);
          if (stored) {
            if (stored.fingerprint !== fingerprint) {
              return sendStripeError(
                reply,
                new StripeApiError(400, {
                  type: 'idempotency_error',
                  message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${idemKey}' if you meant to execute a different request.`,
                }),
                requestId,
              );
            }
            return reply
              .code(stored.status)
              .header('content-type', 'application/json')
              .header('request-id', stored.requestId)
              .header('idempotent-replayed', 'true')
              .send(stored.body);
          }
        }
        let status = 200;
        let text: string;
        store.currentRequest = { id: requestId, idempotencyKey: idemKey ?? null };
        try {
          const unknown = Object.keys(raw).find((k) => !known.has(k));
          if (unknown) throw unknownParam(unknown);
          store.tick();
          const params = new Params(raw);
          const result = handler({ params, path: request.params as Record<string, string> });
          const expand = params.strArray('expand') ?? [];
          const output = expand.length > 0 ? expandPaths(result, expand, resolver) : result;
          text = JSON.stringify(output, null, 2);
        } catch (error) {
          if (!(error instanceof StripeApiError)) throw error;
          status = error.status;
          text = JSON.stringify({ error: error.body }, null, 2);
        } finally {
          store.currentRequest = null;
        }
        // Stripe saves the result once the endpoint started executing; parameter validation
        // failures (400) are not saved, so a corrected retry with the same key can succeed.
        if (scopedKey && status !== 400) {
          idempotency.set(scopedKey, { fingerprint, status, body: text, requestId });
        }
        return reply.code(status).header('content-type', 'application/json').send(text);
      },
    });
  };

  store.onResetHooks.push(() => idempotency.clear());

  // Customers
  route('POST', '/v1/customers', ({ params }) => store.createCustomer(params));
  route('GET', '/v1/customers', ({ params }) => {
    const email = params.str('email');
    const items = newestFirst(store.customers).filter((c) => !email || c.email === email);
    return paginate(store, items, params, '/v1/customers');
  });
  route('GET', '/v1/customers/search', ({ params }) => {
    const data = store.searchCustomers(params.requiredStr('query'));
    const limit = params.int('limit', { min: 1, max: 100 }) ?? 10;
    return {
      object: 'search_result',
      data: data.slice(0, limit),
      has_more: data.length > limit,
      next_page: null,
      url: '/v1/customers/search',
    };
  });
  route('GET', '/v1/customers/:id', ({ path }) => store.retrieveCustomer(path.id!));
  route('POST', '/v1/customers/:id', ({ path, params }) => store.updateCustomer(path.id!, params));
  route('DELETE', '/v1/customers/:id', ({ path }) => store.deleteCustomer(path.id!));

  // Products and prices
  route('POST', '/v1/products', ({ params }) => store.createProduct(params));
  route('GET', '/v1/products', ({ params }) => {
    const active = params.bool('active');
    const ids = params.strArray('ids');
    const items = newestFirst(store.products).filter(
      (p) => (active === undefined || p.active === active) && (!ids || ids.includes(p.id)),
    );
    return paginate(store, items, params, '/v1/products');
  });
  route('GET', '/v1/products/:id', ({ path }) => store.getProduct(path.id!));
  route('POST', '/v1/prices', ({ params }) => store.createPrice(params));
  route('GET', '/v1/prices', ({ params }) => {
    const active = params.bool('active');
    const currency = params.str('currency')?.toLowerCase();
    const product = params.str('product');
    const type = params.enum('type', ['one_time', 'recurring'] as const);
    const lookupKeys = params.strArray('lookup_keys');
    const interval = params.obj('recurring')?.str('interval');
    const items = newestFirst(store.prices).filter(
      (p) =>
        (active === undefined || p.active === active) &&
        (!currency || p.currency === currency) &&
        (!product || p.product === product) &&
        (!type || p.type === type) &&
        (!lookupKeys || (p.lookup_key !== null && lookupKeys.includes(p.lookup_key))) &&
        (!interval || p.recurring?.interval === interval),
    );
    return paginate(store, items, params, '/v1/prices');
  });
  route('GET', '/v1/prices/:id', ({ path }) => store.getPrice(path.id!));

  // Checkout
  route('POST', '/v1/checkout/sessions', ({ params }) => store.createCheckoutSession(params));
  route('GET', '/v1/checkout/sessions', ({ params }) => {
    const customer = params.str('customer');
    const subscription = params.str('subscription');
    const status = params.enum('status', ['open', 'complete', 'expired'] as const);
    const items = newestFirst(store.sessions).filter(
      (s) =>
        (!customer || s.customer === customer) &&
        (!subscription || s.subscription === subscription) &&
        (!status || s.status === status),
    );
    return paginate(store, items, params, '/v1/checkout/sessions');
  });
  route('GET', '/v1/checkout/sessions/:id', ({ path }) => store.getSession(path.id!));
  route('GET', '/v1/checkout/sessions/:id/line_items', ({ path, params }) => {
    store.getSession(path.id!);
    const all = store.sessionLineItems(path.id!);
    return paginate(store, all.data, params, all.url);
  });
  route('POST', '/v1/checkout/sessions/:id/expire', ({ path }) => store.expireSession(path.id!));

  // Billing portal
  route('POST', '/v1/billing_portal/sessions', ({ params }) => store.createPortalSession(params));

  // Subscriptions
  route('GET', '/v1/subscriptions', ({ params }) => {
    const customer = params.str('customer');
    const price = params.str('price');
    const status = params.enum('status', [
      'active',
      'all',
      'canceled',
      'ended',
      'incomplete',
      'incomplete_expired',
      'past_due',
      'paused',
      'trialing',
      'unpaid',
    ] as const);
    const items = newestFirst(store.subscriptions).filter(
      (s) =>
        (!customer || s.customer === customer) &&
        (!price || s.items.data.some((i) => i.price.id === price)) &&
        (status === 'all' ||
          (status === 'ended'
            ? s.status === 'canceled' || s.status === 'incomplete_expired'
            : status
              ? s.status === status
              : s.status !== 'canceled' && s.status !== 'incomplete_expired')),
    );
    return paginate(store, items, params, '/v1/subscriptions');
  });
  route('GET', '/v1/subscriptions/:id', ({ path }) => store.getSubscription(path.id!));
  route('POST', '/v1/subscriptions/:id', ({ path, params }) =>
    store.updateSubscription(path.id!, params),
  );
  route('DELETE', '/v1/subscriptions/:id', ({ path }) => store.cancelSubscription(path.id!));

  // Invoices
  route('GET', '/v1/invoices', ({ params }) => {
    const customer = params.str('customer');
    const subscription = params.str('subscription');
    const status = params.enum('status', [
      'draft',
      'open',
      'paid',
      'uncollectible',
      'void',
    ] as const);
    const items = newestFirst(store.invoices).filter(
      (i) =>
        (!customer || i.customer === customer) &&
        (!subscription || i.parent?.subscription_details?.subscription === subscription) &&
        (!status || i.status === status),
    );
    return paginate(store, items, params, '/v1/invoices');
  });
  route('GET', '/v1/invoices/:id', ({ path }) => store.getInvoice(path.id!));
  route('GET', '/v1/invoices/:id/lines', ({ path, params }) => {
    const invoice = store.getInvoice(path.id!);
    return paginate(store, invoice.lines.data, params, invoice.lines.url);
  });
  route('GET', '/v1/subscription_items', ({ params }) => {
    const sub = store.getSubscription(params.requiredStr('subscription'), 'subscription');
    return paginate(store, sub.items.data, params, '/v1/subscription_items');
  });

  // Events
  route('GET', '/v1/events', ({ params }) => {
    const type = params.str('type');
    const types = params.strArray('types');
    const matches = (t: string) =>
      (!type || (type.endsWith('*') ? t.startsWith(type.slice(0, -1)) : t === type)) &&
      (!types || types.includes(t));
    const items = newestFirst(store.events).filter((e) => matches(e.type));
    return paginate(store, items, params, '/v1/events');
  });
  route('GET', '/v1/events/:id', ({ path }) => store.getEvent(path.id!));

  // Webhook endpoints
  route('POST', '/v1/webhook_endpoints', ({ params }) =>
    store.addEndpoint(
      {
        url: params.requiredStr('url'),
        enabledEvents: (() => {
          const events = params.strArray('enabled_events');
          if (!events) throw missingParam('enabled_events');
          return events;
        })(),
        description: params.str('description') || null,
        metadata: params.metadata(),
      },
      false,
    ),
  );
  route('GET', '/v1/webhook_endpoints', ({ params }) =>
    paginate(
      store,
      newestFirst(store.endpoints).map((e) => withoutSecret(e.endpoint)),
      params,
      '/v1/webhook_endpoints',
    ),
  );
  route('GET', '/v1/webhook_endpoints/:id', ({ path }) =>
    withoutSecret(store.getEndpoint(path.id!)),
  );
  route('DELETE', '/v1/webhook_endpoints/:id', ({ path }) => {
    const endpoint = store.getEndpoint(path.id!);
    store.endpoints.delete(endpoint.id);
    return { id: endpoint.id, object: 'webhook_endpoint', deleted: true };
  });

  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/v1/')) {
      return sendStripeError(reply, unrecognizedUrl(request.method, request.url));
    }
    return reply.code(404).type('text/plain').send('Not found');
  });
}
