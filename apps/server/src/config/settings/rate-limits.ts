import { z } from 'zod';
import { booleanFlag, emptyToUndefined } from './values';

/** Requests allowed per client, by kind of request. */
export const rateLimitSettings = {
  AUTH_CODE_REQUESTS_PER_IP: z
    .preprocess(emptyToUndefined, z.coerce.number().int().min(1).default(20))
    .describe(
      'Sign-in/sign-up code requests allowed per client IP per 15 minutes (default 20; raise for end-to-end test runs).',
    ),
  AUTH_VERIFY_ATTEMPTS_PER_IP: z
    .preprocess(emptyToUndefined, z.coerce.number().int().min(1).default(30))
    .describe(
      'Code verification attempts allowed per client IP per 15 minutes (default 30; raise for end-to-end test runs).',
    ),
  API_RATE_LIMIT_PER_MINUTE: z
    .preprocess(emptyToUndefined, z.coerce.number().int().min(1).default(600))
    .describe(
      'API requests per client per minute: per signed-in user, else per IP (default 600; health, webhooks, static files exempt).',
    ),
  WEBHOOK_RATE_LIMIT_PER_MINUTE: z
    .preprocess(emptyToUndefined, z.coerce.number().int().min(1).default(12000))
    .describe('Channel and Stripe webhook requests allowed per IP per minute (default 12000).'),
};

/** Which client address the rate limits count: the proxy's or the one it forwards. */
export const proxySettings = {
  TRUST_PROXY: booleanFlag('false').describe(
    'Trust X-Forwarded-For from a reverse proxy for the client address used by rate limits (default false).',
  ),
};
