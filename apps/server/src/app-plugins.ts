import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import { errorMessages } from '@stocksync/contract';
import type { AppConfig } from './app-options';
import type { AppServices } from './app-services';
import type { Keys } from './lib/crypto';
import { registerGate } from './modules/billing/gate';
import { registerApiRateLimit } from './plugins/api-rate-limit';
import { DEFAULT_API_RATE_LIMITS } from './plugins/api-rate-limit-rules';
import { registerAuth } from './plugins/auth';
import type { CookiePolicy } from './plugins/cookies';
import { registerOpenApi } from './plugins/openapi';
import { registerOrgScope } from './plugins/org-scope';
import { registerRoles } from './plugins/roles';
import { registerSecurityHeaders } from './plugins/security-headers';

/** What runs around every route: headers, cookies, rate limits, OpenAPI, user, org, role, plan gate. */
export async function registerPlugins(
  app: FastifyInstance,
  config: AppConfig,
  options: {
    keys: Keys;
    services: AppServices;
    cookiePolicy: CookiePolicy;
    webDist: string | false;
  },
): Promise<void> {
  const { keys, services, cookiePolicy, webDist } = options;
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
    (token) => services.auth.userIdOfToken(token),
  );
  await registerOpenApi(app);
  registerAuth(app, services.auth, cookiePolicy);
  registerOrgScope(app, services.organizations);
  registerRoles(app);
  registerGate(app, services.billing);
}
