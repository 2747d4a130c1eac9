import fs from 'node:fs';
import { inlineScriptHashes, originOf, posthogAssetsOrigin } from './csp-sources';

export interface SecurityHeadersOptions {
  appUrl: string;
  /** Sentry DSN of the web build, when error reporting is on: its host receives reports. */
  sentryDsn?: string | undefined;
  /** PostHog host, when analytics is on: events go there and its assets host serves extra scripts. */
  posthogHost?: string | undefined;
  /** The built web app's index.html: its inline scripts (the theme script) are allowed by hash. */
  indexHtmlPath?: string | undefined;
}

/** The Content-Security-Policy directives for the web app, /docs and the hosts they report to. */
export function cspDirectives(options: SecurityHeadersOptions) {
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
