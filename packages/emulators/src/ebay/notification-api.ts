import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errors, sendError } from './errors';
import { baseUrl } from './http';
import { NOTIFICATION_PREFIX, type ChallengeResult } from './notifications';
import { authenticate } from './oauth';
import type { EbaySettings } from './settings';
import { TOPICS, type NotificationStore, type StoredSubscription } from './subscriptions';
import type { TokenStore } from './tokens';
import type {
  CreateSubscriptionRequest,
  Destination,
  DestinationRequest,
  DestinationSearchResponse,
  NotificationConfig,
  Subscription,
  SubscriptionSearchResponse,
} from './types';

const P = NOTIFICATION_PREFIX;

const SUBSCRIPTION_SCOPES = [
  'commerce.notification.subscription',
  'commerce.notification.subscription.readonly',
];
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{32,80}$/;

const fail = (reply: FastifyReply, status: number, errorId: number, message: string) =>
  sendError(reply, status, [errors.notification(errorId, message)]);

const body = <T>(request: FastifyRequest): T =>
  (typeof request.body === 'object' && request.body ? request.body : {}) as T;

/** eBay answers a create with 201, an empty object and the new resource in Location. */
const created = (request: FastifyRequest, reply: FastifyReply, resource: string) =>
  reply
    .code(201)
    .header('location', `${baseUrl(request)}${P}/${resource}`)
    .send({});

/** limit (10–100, default 20) and the opaque continuation_token (an offset here). */
function paging(request: FastifyRequest, reply: FastifyReply) {
  const q = request.query as { limit?: string; continuation_token?: string };
  const limit = q.limit === undefined ? 20 : Number(q.limit);
  if (!Number.isInteger(limit) || limit < 10 || limit > 100) {
    void fail(reply, 400, 195004, 'Invalid limit. Supported ranges 10 - 100.');
    return undefined;
  }
  const offset = q.continuation_token
    ? Number(Buffer.from(q.continuation_token, 'base64url').toString())
    : 0;
  if (!Number.isInteger(offset) || offset < 0) {
    void fail(reply, 400, 195005, 'Invalid continuation token.');
    return undefined;
  }
  return { limit, offset };
}

function page<T>(request: FastifyRequest, all: T[], limit: number, offset: number) {
  const path = `${baseUrl(request)}${request.url.split('?')[0]}`;
  const next = offset + limit < all.length ? offset + limit : undefined;
  return {
    href: `${path}?limit=${limit}`,
    limit,
    total: all.length,
    items: all.slice(offset, offset + limit),
    ...(next !== undefined && {
      next: `${path}?limit=${limit}&continuation_token=${Buffer.from(String(next)).toString('base64url')}`,
    }),
  };
}

/** Validates a destination body; sends the 400 and answers undefined when invalid. */
function destinationInput(request: FastifyRequest, reply: FastifyReply) {
  const input = body<DestinationRequest>(request);
  const endpoint = input.deliveryConfig?.endpoint ?? '';
  const token = input.deliveryConfig?.verificationToken ?? '';
  if (!input.name || input.name.length > 64 || /[<>]/.test(input.name))
    return void fail(
      reply,
      400,
      195016,
      'Invalid name. Markups or lengths greater than 64 not supported',
    );
  if (!URL.canParse(endpoint)) return void fail(reply, 400, 195017, 'Invalid or missing endpoint.');
  if (input.status !== 'ENABLED' && input.status !== 'DISABLED')
    return void fail(
      reply,
      400,
      195018,
      'Invalid or missing destination status. Supported values:[ENABLED,DISABLED]',
    );
  // The 32–80 character rule is the account deletion one (docs/channels §2.7, unconfirmed here).
  if (!TOKEN_PATTERN.test(token))
    return void fail(
      reply,
      400,
      195019,
      'Invalid or missing verification token for this endpoint.',
    );
  return { name: input.name, status: input.status, endpoint, token };
}

/**
 * The Notification API resources a seller integration needs (docs/channels §2.7; ids and error codes
 * from eBay's commerce_notification OAS): `config`, `destination` (application token; created or
 * updated only once the endpoint answers eBay's challenge when settings.verifyDestinationEndpoint)
 * and `subscription` (USER-context topics, with the seller's user token).
 */
export function registerNotificationApi(
  app: FastifyInstance,
  deps: {
    settings: EbaySettings;
    tokens: TokenStore;
    store: NotificationStore;
    challenge: (endpoint: string, token: string) => Promise<ChallengeResult>;
    now: () => number;
  },
): void {
  const { settings, tokens, store } = deps;
  const asApp = (request: FastifyRequest, reply: FastifyReply) =>
    authenticate(tokens, request, reply, { anyOf: [''], user: false, application: true });
  const asSeller = (request: FastifyRequest, reply: FastifyReply) =>
    authenticate(tokens, request, reply, { anyOf: SUBSCRIPTION_SCOPES, user: true });
  const noConfig = (reply: FastifyReply) =>
    fail(
      reply,
      409,
      195003,
      'Please provide configurations required for notifications. Refer to /config',
    );
  const verified = async (endpoint: string, token: string) =>
    !settings.verifyDestinationEndpoint || (await deps.challenge(endpoint, token)).ok;

  app.get(`${P}/config`, async (request, reply) => {
    if (!asApp(request, reply)) return reply;
    if (!store.alertEmail)
      return sendError(reply, 404, [
        { ...errors.notification(195026, 'Configuration Not Found.'), category: 'APPLICATION' },
      ]);
    return { alertEmail: store.alertEmail } satisfies NotificationConfig;
  });

  app.put(`${P}/config`, async (request, reply) => {
    if (!asApp(request, reply)) return reply;
    const email = body<NotificationConfig>(request).alertEmail ?? '';
    if (!/^[^@\s]+@[^@\s]+$/.test(email))
      return fail(reply, 400, 195025, 'Invalid or missing email.');
    store.alertEmail = email;
    return reply.code(204).send();
  });

  app.post(`${P}/destination`, async (request, reply) => {
    if (!asApp(request, reply)) return reply;
    const input = destinationInput(request, reply);
    if (!input) return reply;
    if (!store.alertEmail) return noConfig(reply);
    if (store.destinationByEndpoint(input.endpoint))
      return fail(reply, 409, 195021, 'Destination exists for this endpoint');
    if (!(await verified(input.endpoint, input.token)))
      return fail(reply, 409, 195020, 'Challenge verification failed for requested endpoint');
    const destinationId = store.newId();
    store.destinations.set(destinationId, {
      destinationId,
      name: input.name,
      status: input.status,
      deliveryConfig: { endpoint: input.endpoint, verificationToken: input.token },
    });
    return created(request, reply, `destination/${destinationId}`);
  });

  app.get(`${P}/destination`, async (request, reply) => {
    if (!asApp(request, reply)) return reply;
    const paged = paging(request, reply);
    if (!paged) return reply;
    const { items, ...rest } = page(
      request,
      [...store.destinations.values()],
      paged.limit,
      paged.offset,
    );
    return { ...rest, destinations: items } satisfies DestinationSearchResponse;
  });

  app.get(`${P}/destination/:id`, async (request, reply) => {
    if (!asApp(request, reply)) return reply;
    const found = store.destinations.get((request.params as { id: string }).id);
    if (!found) return fail(reply, 404, 195022, 'Invalid or missing destination id.');
    return found satisfies Destination;
  });

  app.put(`${P}/destination/:id`, async (request, reply) => {
    if (!asApp(request, reply)) return reply;
    const found = store.destinations.get((request.params as { id: string }).id);
    if (!found) return fail(reply, 404, 195022, 'Invalid or missing destination id.');
    const input = destinationInput(request, reply);
    if (!input) return reply;
    const other = store.destinationByEndpoint(input.endpoint);
    if (other && other !== found)
      return fail(reply, 409, 195021, 'Destination exists for this endpoint');
    if (!(await verified(input.endpoint, input.token)))
      return fail(reply, 409, 195020, 'Challenge verification failed for requested endpoint');
    found.name = input.name;
    found.status = input.status;
    found.deliveryConfig = { endpoint: input.endpoint, verificationToken: input.token };
    return reply.code(204).send();
  });

  app.post(`${P}/subscription`, async (request, reply) => {
    const token = asSeller(request, reply);
    if (!token) return reply;
    const input = body<CreateSubscriptionRequest>(request);
    const topic = TOPICS[input.topicId ?? ''];
    if (!topic) return fail(reply, 400, 195027, 'Invalid or missing topic id.');
    if (input.status !== 'ENABLED' && input.status !== 'DISABLED')
      return fail(reply, 400, 195006, 'Invalid or missing subscription status.');
    const destination = store.destinations.get(input.destinationId ?? '');
    if (!destination) return fail(reply, 400, 195007, 'Invalid or missing destination id.');
    const payload = input.payload;
    if (!topic.schemaVersions.includes(payload?.schemaVersion ?? ''))
      return fail(
        reply,
        400,
        195008,
        'Invalid or missing schema version. Please refer to /topic/{topic_id} for supported schema versions.',
      );
    if (payload?.format !== 'JSON')
      return fail(reply, 400, 195009, 'Specified format is not supported for the topic.');
    if (payload.deliveryProtocol !== 'HTTPS')
      return fail(reply, 400, 195010, 'Invalid or missing protocol');
    if (!store.alertEmail) return noConfig(reply);
    // One emulated seller: every user token is theirs.
    const owner = settings.account.userId;
    if (store.subscriptionsOf(owner).some((s) => s.topicId === input.topicId))
      return fail(reply, 409, 195012, 'Subscription already exists');
    if (input.status === 'ENABLED' && destination.status !== 'ENABLED')
      return fail(
        reply,
        409,
        195015,
        'The subscription cannot be enabled since the destination is not enabled.',
      );
    const subscriptionId = store.newId();
    store.subscriptions.set(subscriptionId, {
      subscriptionId,
      owner,
      topicId: input.topicId,
      status: input.status,
      destinationId: input.destinationId,
      creationDate: new Date(deps.now()).toISOString(),
      payload: {
        format: payload.format,
        schemaVersion: payload.schemaVersion,
        deliveryProtocol: payload.deliveryProtocol,
      },
    });
    return created(request, reply, `subscription/${subscriptionId}`);
  });

  app.get(`${P}/subscription`, async (request, reply) => {
    if (!asSeller(request, reply)) return reply;
    const paged = paging(request, reply);
    if (!paged) return reply;
    const mine = store.subscriptionsOf(settings.account.userId).map(view);
    const { items, ...rest } = page(request, mine, paged.limit, paged.offset);
    return { ...rest, subscriptions: items } satisfies SubscriptionSearchResponse;
  });

  const owned = (request: FastifyRequest, reply: FastifyReply) => {
    const found = store.subscriptions.get((request.params as { id: string }).id);
    if (!found) return void fail(reply, 404, 195013, 'The subscription id does not exist.');
    if (found.owner !== settings.account.userId)
      return void fail(
        reply,
        403,
        195028,
        'The application is not authorized to access the specified subscription.',
      );
    return found;
  };

  app.get(`${P}/subscription/:id`, async (request, reply) => {
    if (!asSeller(request, reply)) return reply;
    const found = owned(request, reply);
    return found ? view(found) : reply;
  });

  app.delete(`${P}/subscription/:id`, async (request, reply) => {
    if (!asSeller(request, reply)) return reply;
    const found = owned(request, reply);
    if (!found) return reply;
    store.subscriptions.delete(found.subscriptionId);
    return reply.code(204).send();
  });
}

/** A subscription as the API shows it (without our owner bookkeeping). */
function view(stored: StoredSubscription): Subscription {
  const { owner: _owner, ...subscription } = stored;
  return subscription;
}
