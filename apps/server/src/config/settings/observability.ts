import { z } from 'zod';
import { emptyToUndefined, optionalString, optionalUrl } from './values';

/** Logging, error reporting and product analytics. */
export const observabilitySettings = {
  LOG_LEVEL: z
    .preprocess(
      emptyToUndefined,
      z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    )
    .describe('Log level: fatal, error, warn, info (default), debug, trace or silent.'),
  SENTRY_DSN: optionalUrl.describe('Sentry DSN; error reporting is off when unset.'),
  POSTHOG_KEY: optionalString.describe('PostHog project key; product analytics is off when unset.'),
  POSTHOG_HOST: z
    .preprocess(emptyToUndefined, z.url().default('https://eu.i.posthog.com'))
    .describe('PostHog host (default https://eu.i.posthog.com).'),
};
