import { z } from 'zod';
import { ebaySettings } from './settings/ebay';
import { observabilitySettings } from './settings/observability';
import { proxySettings, rateLimitSettings } from './settings/rate-limits';
import { sandboxSettings } from './settings/sandbox';
import { serverSettings } from './settings/server';
import { shopifySettings } from './settings/shopify';
import { stripeSettings } from './settings/stripe';
import { tiktokSettings } from './settings/tiktok';
import { workerSettings } from './settings/worker';

/** Every environment variable the server reads, in the order the README lists them. */
export const envSchema = z.object({
  ...serverSettings,
  ...observabilitySettings,
  ...workerSettings,
  ...rateLimitSettings,
  ...shopifySettings,
  ...ebaySettings,
  ...tiktokSettings,
  ...stripeSettings,
  ...sandboxSettings,
  ...proxySettings,
});

export type Env = z.output<typeof envSchema>;

/** Name and description of every setting, for documentation. */
export function describeSettings(): { key: string; description: string }[] {
  return Object.entries(envSchema.shape).map(([key, schema]) => ({
    key,
    description: schema.description ?? '',
  }));
}
