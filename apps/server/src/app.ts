import path from 'node:path';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorMessages } from '@stocksync/contract';
import type { Config } from './config';
import type { Db } from './db/client';
import { systemClock, type Clock } from './lib/clock';
import { deriveKeys } from './lib/crypto';
import { createMailer, type Mailer } from './lib/mail';
import { redactingLoggerOptions } from './lib/log-redaction';
import { noAnalytics, type Analytics } from './lib/observability';
import { ActivityService } from './modules/activity/service';
import { activityRoutes } from './modules/activity/routes';
import { AuthService, DEFAULT_AUTH_LIMITS } from './modules/auth/service';
import { authRoutes } from './modules/auth/routes';
import { billingRoutes } from './modules/billing/routes';
import { registerGate } from './modules/billing/gate';
import { BillingService } from './modules/billing/service';
import type { StripeGateway } from './modules/billing/stripe-gateway';
import { catalogRoutes } from './modules/catalog/routes';
import type { Channels } from './modules/connections/channels';
import { connectionsRoutes } from './modules/connections/routes';
import { ConnectionsService } from './modules/connections/service';
import { sandboxRoutes } from './modules/connections/sandbox-routes';
import { SandboxControlService } from './modules/connections/sandbox-service';
import { importsRoutes } from './modules/imports/routes';
import { ImportsService } from './modules/imports/service';
import { webhooksRoutes } from './modules/webhooks/routes';
import { WebhooksService } from './modules/webhooks/service';
import { syncRoutes } from './modules/sync/routes';
import { DEFAULT_SYNC_SETTINGS, SyncService, type SyncSettings } from './modules/sync/service';
import { CatalogService } from './modules/catalog/service';
import { skuRoutes } from './modules/catalog/sku-routes';
import { SkuService } from './modules/catalog/sku-service';
import { healthRoutes } from './modules/health/routes';
import { OrganizationsService } from './modules/organizations/service';
import { organizationsRoutes } from './modules/organizations/routes';
import { UsersService } from './modules/users/service';
import { usersRoutes } from './modules/users/routes';
import { DEFAULT_API_RATE_LIMITS, registerApiRateLimit } from './plugins/api-rate-limit';
import { registerAuth } from './plugins/auth';
import {
  frameworkErrorReply,
  registerErrorHandler,
  registerJsonNotFound,
} from './plugins/error-handler';
import { registerStrictJsonBodies } from './plugins/json-body';
import { registerNulGuard } from './plugins/nul-guard';
import { registerOpenApi } from './plugins/openapi';
import { registerOrgScope } from './plugins/org-scope';
import { registerSecurityHeaders } from './plugins/security-headers';
import { serializerCompiler } from './plugins/serializer';
import { registerStaticWeb } from './plugins/static-web';

export const DEFAULT_WEB_DIST = path.resolve(import.meta.dirname, '../../web/dist');

export type AppConfig = Pick<
  Config,
  'APP_SECRET' | 'APP_URL' | 'LOG_LEVEL' | 'SMTP_URL' | 'MAIL_FROM'
> &
  Partial<
    Pick<
      Config,
      | 'TRUST_PROXY'
      | 'AUTH_CODE_REQUESTS_PER_IP'
      | 'AUTH_VERIFY_ATTEMPTS_PER_IP'
      | 'API_RATE_LIMIT_PER_MINUTE'
      | 'WEBHOOK_RATE_LIMIT_PER_MINUTE'
      | 'SENTRY_DSN'
      | 'POSTHOG_KEY'
      | 'POSTHOG_HOST'
      | 'SYNC_ORDER_POLL_SECONDS'
      | 'SYNC_DRIFT_SETTLE_SECONDS'
    >
  >;

export interface AppDeps {
  db: Db;
  clock?: Clock;
  /** Defaults to SMTP_URL, or the log when unset. */
  mailer?: Mailer;
  analytics?: Analytics;
  /** Built web app to serve; defaults to apps/web/dist. `false` serves none. */
  webDist?: string | false;
  /** A logger to share with the rest of the process, or false for none (tests). */
  logger?: FastifyBaseLogger | false;
  /** Channel adapters (main.ts builds them from settings, starting emulators in sandbox mode). */
  channels?: Channels;
  /** Stripe (main.ts: configured, or the emulator in sandbox mode); none: card billing answers 503. */
  stripe?: StripeGateway | null;
  /** Overrides of the sync engine's timings (tests). */
  syncSettings?: Partial<SyncSettings>;
}

export interface AppServices {
  auth: AuthService;
  users: UsersService;
  organizations: OrganizationsService;
  activity: ActivityService;
  catalog: CatalogService;
  skus: SkuService;
  connections: ConnectionsService;
  imports: ImportsService;
  webhooks: WebhooksService;
  billing: BillingService;
  sync: SyncService;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: AppServices;
  }
}

/** Builds the HTTP app: plugins, then modules, then the web build. Used by main and by tests. */
export async function buildApp(config: AppConfig, deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    ...(deps.logger
      ? { loggerInstance: deps.logger }
      : { logger: deps.logger === false ? false : redactingLoggerOptions(config.LOG_LEVEL) }),
    bodyLimit: 1024 * 1024,
    frameworkErrors: frameworkErrorReply,
    trustProxy: config.TRUST_PROXY ?? false,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerStrictJsonBodies(app);
  registerNulGuard(app);

  const keys = deriveKeys(config.APP_SECRET);
  const clock = deps.clock ?? systemClock;
  const analytics = deps.analytics ?? noAnalytics;
  const mailer =
    deps.mailer ??
    createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, logger: app.log });
  if (!deps.mailer) app.addHook('onClose', async () => mailer.close());
  const cookiePolicy = { secure: config.APP_URL.startsWith('https://') };
  const webDist = deps.webDist ?? DEFAULT_WEB_DIST;

  const organizations = new OrganizationsService(deps.db, clock);
  const users = new UsersService(deps.db, organizations);
  const auth = new AuthService(deps.db, {
    keys,
    clock,
    mailer,
    users,
    organizations,
    appUrl: config.APP_URL,
    log: app.log,
    limits: {
      ...DEFAULT_AUTH_LIMITS,
      perIp: config.AUTH_CODE_REQUESTS_PER_IP ?? DEFAULT_AUTH_LIMITS.perIp,
    },
  });
  const activity = new ActivityService(deps.db, clock);
  const catalog = new CatalogService(deps.db, clock, activity);
  const skus = new SkuService(deps.db, clock, activity);
  const connections = new ConnectionsService(
    deps.db,
    clock,
    keys,
    deps.channels ?? null,
    activity,
    config.APP_URL,
    organizations,
  );
  const imports = new ImportsService(deps.db, clock, connections, skus, activity);
  const sync = new SyncService(deps.db, clock, connections, activity, {
    ...DEFAULT_SYNC_SETTINGS,
    ...(config.SYNC_ORDER_POLL_SECONDS
      ? { pollIntervalMs: config.SYNC_ORDER_POLL_SECONDS * 1000 }
      : {}),
    ...(config.SYNC_DRIFT_SETTLE_SECONDS !== undefined
      ? { driftSettleMs: config.SYNC_DRIFT_SETTLE_SECONDS * 1000 }
      : {}),
    ...deps.syncSettings,
  });
  const billing = new BillingService({
    db: deps.db,
    clock,
    connections,
    organizations,
    catalog,
    stripe: deps.stripe ?? null,
    appUrl: config.APP_URL,
  });
  const webhooks = new WebhooksService(deps.db, clock, connections, activity, sync, billing);
  app.decorate('services', {
    auth,
    users,
    organizations,
    activity,
    catalog,
    skus,
    connections,
    imports,
    webhooks,
    billing,
    sync,
  });

  await registerSecurityHeaders(app, {
    appUrl: config.APP_URL,
    sentryDsn: config.SENTRY_DSN,
    posthogHost: config.POSTHOG_KEY ? config.POSTHOG_HOST : undefined,
    indexHtmlPath: webDist ? path.join(webDist, 'index.html') : undefined,
  });
  await app.register(cookie, { secret: keys.cookie.toString('base64url') });
  await app.register(rateLimit, {
    global: false,
    // Thrown into the error handler, which answers { error: message }.
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: `${errorMessages.tooManyRequests} Retry in ${Math.ceil(context.ttl / 60_000)} min.`,
    }),
  });
  registerApiRateLimit(
    app,
    {
      perMinute: config.API_RATE_LIMIT_PER_MINUTE ?? DEFAULT_API_RATE_LIMITS.perMinute,
      webhooksPerMinute:
        config.WEBHOOK_RATE_LIMIT_PER_MINUTE ?? DEFAULT_API_RATE_LIMITS.webhooksPerMinute,
    },
    (token) => auth.userIdOfToken(token),
  );
  await registerOpenApi(app);
  registerAuth(app, auth, cookiePolicy);
  registerOrgScope(app, organizations);
  registerGate(app, billing);

  await app.register(healthRoutes(deps.db));
  await app.register(authRoutes(auth, cookiePolicy, analytics, config.AUTH_VERIFY_ATTEMPTS_PER_IP));
  await app.register(usersRoutes(users, organizations));
  await app.register(organizationsRoutes(organizations));
  await app.register(catalogRoutes(catalog, sync));
  await app.register(skuRoutes(skus));
  await app.register(activityRoutes(activity));
  await app.register(connectionsRoutes(connections, sync));
  // Sandbox mode only: simulated sales and stock edits on emulator accounts (404 otherwise).
  const sandboxControls = new SandboxControlService(deps.db, connections, deps.channels ?? null);
  await app.register(sandboxRoutes(sandboxControls));
  await app.register(importsRoutes(imports));
  await app.register(syncRoutes(sync, catalog));
  await app.register(webhooksRoutes(webhooks));
  await app.register(billingRoutes(billing));

  if (!(webDist && (await registerStaticWeb(app, webDist)))) registerJsonNotFound(app);
  return app;
}
