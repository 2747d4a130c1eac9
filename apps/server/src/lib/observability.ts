import { redactSecrets } from './url-secrets';

// The Sentry and PostHog SDKs are loaded only when configured: importing them costs the server
// about 50 MB of resident memory (measured: 44 -> 100 MB RSS for a bare node importing both),
// a fifth of its 250 MB budget (docs/performance-budgets.md), whether they are used or not.

export interface Analytics {
  capture(distinctId: string, event: string, properties?: Record<string, unknown>): void;
  shutdown(): Promise<void>;
}

export const noAnalytics: Analytics = {
  capture() {},
  async shutdown() {},
};

/** Product analytics through PostHog, only when a key is configured. */
export async function createAnalytics(options: { key?: string; host: string }): Promise<Analytics> {
  if (!options.key) return noAnalytics;
  const { PostHog } = await import('posthog-node');
  const client = new PostHog(options.key, { host: options.host });
  return {
    capture(distinctId, event, properties) {
      client.capture({ distinctId, event, properties });
    },
    shutdown: () => client.shutdown(),
  };
}

/** The Sentry SDK once error reporting is on. */
let sentry: typeof import('@sentry/node') | undefined;

/** Error reporting through Sentry, only when a DSN is configured. */
export async function initErrorReporting(options: {
  dsn?: string;
  environment?: string;
}): Promise<void> {
  if (!options.dsn || sentry) return;
  const Sentry = await import('@sentry/node');
  // Personal-data sending on, as the design asks (user fields, cookies, headers).
  Sentry.init({
    dsn: options.dsn,
    environment: options.environment,
    dataCollection: { userInfo: true },
    // OAuth codes, states and tokens in a request's query string are credentials, not context.
    beforeSend(event) {
      const request = event.request;
      if (request?.url) request.url = redactSecrets(request.url);
      if (typeof request?.query_string === 'string') {
        request.query_string = redactSecrets(`?${request.query_string}`).slice(1);
      }
      return event;
    },
  });
  sentry = Sentry;
}

export function reportError(error: unknown, context?: Record<string, unknown>): void {
  if (!sentry) return;
  const extra = Object.fromEntries(
    Object.entries(context ?? {}).map(([key, value]) => [
      key,
      typeof value === 'string' ? redactSecrets(value) : value,
    ]),
  );
  sentry.captureException(error, { extra });
}

export async function flushErrorReporting(): Promise<void> {
  if (sentry) await sentry.close(2000);
}
