import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import { cspDirectives, type SecurityHeadersOptions } from './content-security-policy';

/**
 * Security headers on every response (docs/decisions/0032): a Content-Security-Policy the web app
 * and /docs pass, no framing, nosniff, no referrer, HSTS only when the app is served over https;
 * and `Cache-Control: no-store` on API answers, which carry tokens or personal data, unless a
 * route chose its own caching.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: SecurityHeadersOptions,
): Promise<void> {
  const https = options.appUrl.startsWith('https://');
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(options) },
    referrerPolicy: { policy: 'no-referrer' },
    // For browsers without frame-ancestors.
    xFrameOptions: { action: 'deny' },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    // Sign-in with Shopify, eBay and TikTok and Stripe Checkout are full-page navigations.
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const url = request.url;
    if ((url === '/v1' || url.startsWith('/v1/')) && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });
}
