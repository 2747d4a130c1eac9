import * as Sentry from '@sentry/node';
import { PostHog } from 'posthog-node';
import { redactSecrets } from './url-secrets';

export interface Analytics {
  capture(distinctId: string, event: string, properties?: Record<string, unknown>): void;
  shutdown(): Promise<void>;
}

export const noAnalytics: Analytics = {
  capture() {},
  async shutdown() {},
};

/** Product analytics through PostHog, only when a key is configured. */
export function createAnalytics(options: { key?: string; host: string }): Analytics {
  if (!options.key) return noAnalytics;
  const client = new PostHog(options.key, { host: options.host });
  return {
    capture(distinctId, event, properties) {
      client.capture({ distinctId, event, properties });
    },
    shutdown: () => client.shutdown(),
  };
}

let sentryEnabled = false;

/** Error reporting through Sentry, only when a DSN is configured. */
export function initErrorReporting(options: { dsn?: string; environment?: string }): void {
  if (!options.dsn || sentryEnabled) return;
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
  sentryEnabled = true;
}

export function reportError(error: unknown, context?: Record<string, unknown>): void {
  if (!sentryEnabled) return;
  const extra = Object.fromEntries(
    Object.entries(context ?? {}).map(([key, value]) => [
      key,
      typeof value === 'string' ? redactSecrets(value) : value,
    ]),
  );
  Sentry.captureException(error, { extra });
}

export async function flushErrorReporting(): Promise<void> {
  if (sentryEnabled) await Sentry.close(2000);
}
