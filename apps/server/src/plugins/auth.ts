import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ACCESS_TOKEN_HEADER, AUTH_COOKIES } from '@stocksync/contract';
import type { AuthService } from '../modules/auth/service';
import { unauthorized } from '../lib/errors';
import { setRefreshCookie, type CookiePolicy } from './cookies';

export interface AuthContext {
  userId: string;
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route needs a signed-in user (request.auth). */
    auth?: boolean;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

/** The signed-in caller of a route declared with `config: { auth: true }`. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

/**
 * Authenticates routes that ask for it. Renewed tokens ride on the normal answer: a new refresh
 * cookie and the `access-token` header.
 */
export function registerAuth(app: FastifyInstance, auth: AuthService, policy: CookiePolicy): void {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request, reply) => {
    const { auth: needsAuth, org: needsOrg } = request.routeOptions.config;
    if (!needsAuth && !needsOrg) return;
    const result = await auth.authenticate({
      bearer: bearerToken(request),
      refreshToken: request.cookies[AUTH_COOKIES.refreshToken],
    });
    request.auth = { userId: result.userId, sessionId: result.sessionId };
    if (result.renewed) {
      reply.header(ACCESS_TOKEN_HEADER, result.renewed.accessToken);
      if (result.renewed.refreshToken) {
        setRefreshCookie(reply, result.renewed.refreshToken, policy);
      }
    }
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/v1'))
      reply.header('access-control-expose-headers', ACCESS_TOKEN_HEADER);
  });
}
