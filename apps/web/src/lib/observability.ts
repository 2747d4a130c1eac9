// Product analytics (PostHog, EU host) and error reporting (Sentry) are off unless their keys are
// configured at build time. Both are loaded lazily so they never weigh on the initial bundle.
type SentryModule = typeof import('@sentry/react');

let sentry: Promise<SentryModule> | null = null;

export function initObservability() {
  const posthogKey = import.meta.env.VITE_POSTHOG_KEY;
  const sentryDsn = import.meta.env.VITE_SENTRY_DSN;

  if (posthogKey) {
    void import('posthog-js').then(({ default: posthog }) => {
      posthog.init(posthogKey, {
        api_host: import.meta.env.VITE_POSTHOG_HOST ?? 'https://eu.i.posthog.com',
        person_profiles: 'identified_only',
        // A single-page app: count client-side navigations as page views.
        capture_pageview: 'history_change',
      });
    });
  }

  if (sentryDsn) {
    sentry = import('@sentry/react').then((Sentry) => {
      Sentry.init({
        dsn: sentryDsn,
        // Personal-data sending on (spec §1); in SDK v11 this replaced sendDefaultPii.
        dataCollection: { userInfo: true },
        environment: import.meta.env.MODE,
      });
      return Sentry;
    });
  }
}

/** Sends an error that a route's error view caught to Sentry, when it is configured. */
export function reportError(error: unknown) {
  void sentry?.then((Sentry) => Sentry.captureException(error));
}
