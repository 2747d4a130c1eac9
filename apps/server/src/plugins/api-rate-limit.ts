import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorMessages } from '@stocksync/contract';
import { tooManyRequests } from '../lib/errors';
import { bearerToken } from './auth';
import { limitOf, type ApiRateLimits } from './api-rate-limit-rules';

const MINUTE_MS = 60_000;

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;

async function enforce(limiter: Limiter, request: FastifyRequest, reply: FastifyReply) {
  const result = await limiter(request);
  if (result.isAllowed) return;
  reply.header('x-ratelimit-limit', result.max);
  reply.header('x-ratelimit-remaining', result.remaining);
  reply.header('x-ratelimit-reset', result.ttlInSeconds);
  if (!result.isExceeded) return;
  reply.header('retry-after', result.ttlInSeconds);
  throw tooManyRequests(errorMessages.tooManyRequests);
}

/**
 * A general per-client limit on the API: per signed-in user when the request carries a valid
 * access token, else per IP (docs/decisions/0032). Webhooks have their own per-IP limit; health
 * checks and static files have none. Needs @fastify/rate-limit registered (its in-memory store).
 */
export function registerApiRateLimit(
  app: FastifyInstance,
  limits: ApiRateLimits,
  userIdOfToken: (token: string) => Promise<string | undefined>,
): void {
  const api = app.createRateLimit({
    max: limits.perMinute,
    timeWindow: MINUTE_MS,
    keyGenerator: async (request) => {
      const token = bearerToken(request);
      const userId = token ? await userIdOfToken(token) : undefined;
      return userId ? `user:${userId}` : `ip:${request.ip}`;
    },
  });
  const webhooks = app.createRateLimit({
    max: limits.webhooksPerMinute,
    timeWindow: MINUTE_MS,
    keyGenerator: (request) => `webhook-ip:${request.ip}`,
  });
  app.addHook('onRequest', async (request, reply) => {
    const limit = limitOf(request.url);
    if (limit === 'api') await enforce(api, request, reply);
    else if (limit === 'webhooks') await enforce(webhooks, request, reply);
  });
}
