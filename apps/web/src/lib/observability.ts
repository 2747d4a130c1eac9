// Product analytics (PostHog, EU host) and error reporting (Sentry) are off unless their keys are
// configured at build time. Both are loaded lazily so they never weigh on the initial bundle.
export function initObservability() {
  const posthogKey = import.meta.env.VITE_POSTHOG_KEY;
  const sentryDsn = import.meta.env.VITE_SENTRY_DSN;

  if (posthogKey) {
    void import('posthog-js').then(({ default: posthog }) => {
      posthog.init(posthogKey, {
        api_host: import.meta.env.VITE_POSTHOG_HOST ?? 'https://eu.i.posthog.com',
        person_profiles: 'identified_only',
      });
    });
  }

  if (sentryDsn) {
    void import('@sentry/react').then((Sentry) => {
      Sentry.init({
        dsn: sentryDsn,
        // Personal-data sending on (spec §1); in SDK v11 this replaced sendDefaultPii.
        dataCollection: { userInfo: true },
        environment: import.meta.env.MODE,
      });
    });
  }
}
