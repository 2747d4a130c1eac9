import crypto from 'node:crypto';
import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';

export interface SecurityHeadersOptions {
  appUrl: string;
  /** Sentry DSN of the web build, when error reporting is on: its host receives reports. */
  sentryDsn?: string | undefined;
  /** PostHog host, when analytics is on: events go there and its assets host serves extra scripts. */
  posthogHost?: string | undefined;
  /** The built web app's index.html: its inline scripts (the theme script) are allowed by hash. */
  indexHtmlPath?: string | undefined;
}

/** 'sha256-…' sources for the inline scripts of an HTML page, so the CSP needs no 'unsafe-inline'. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)) {
    const attributes = match[1] ?? '';
    const body = match[2] ?? '';
    if (/\ssrc\s*=/i.test(attributes) || body === '') continue;
    hashes.push(`'sha256-${crypto.createHash('sha256').update(body).digest('base64')}'`);
  }
  return hashes;
}

function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/** PostHog serves its lazily loaded scripts from "<region>-assets.i.posthog.com". */
function posthogAssetsOrigin(host: string): string | undefined {
  const url = new URL(host);
  const match = /^([a-z0-9-]+)\.i\.posthog\.com$/.exec(url.hostname);
  return match ? `https://${match[1]}-assets.i.posthog.com` : undefined;
}

function cspDirectives(options: SecurityHeadersOptions) {
  const html =
    options.indexHtmlPath && fs.existsSync(options.indexHtmlPath)
      ? fs.readFileSync(options.indexHtmlPath, 'utf8')
      : '';
  const posthog = originOf(options.posthogHost);
  const posthogAssets = options.posthogHost ? posthogAssetsOrigin(options.posthogHost) : undefined;
  const analytics = [posthog, posthogAssets].filter((o): o is string => Boolean(o));
  const sentry = originOf(options.sentryDsn);
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'object-src': ["'none'"],
    'frame-ancestors': ["'none'"],
    'form-action': ["'self'"],
    'script-src': [
      "'self'",
      ...inlineScriptHashes(html),
      ...(posthogAssets ? [posthogAssets] : []),
    ],
    'script-src-attr': ["'none'"],
    // Toasts and popovers insert <style> elements and set style attributes at run time.
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...analytics, ...(sentry ? [sentry] : [])],
    'worker-src': ["'self'", 'blob:'],
    'manifest-src': ["'self'"],
    ...(options.appUrl.startsWith('https://') ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

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
