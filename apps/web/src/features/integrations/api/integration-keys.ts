import type { Platform } from './types';

// Keys carry the organisation: these calls answer per organisation (X-Organization-Id).
export const integrationKeys = {
  all: ['integrations'] as const,
  platforms: (orgId: string) => [...integrationKeys.all, orgId, 'platforms'] as const,
  account: (orgId: string, platform: Platform, alias: string) =>
    [...integrationKeys.all, orgId, 'account', platform, alias] as const,
  connectUrl: (orgId: string, platform: 'ebay' | 'tiktok') =>
    [...integrationKeys.all, orgId, 'connect-url', platform] as const,
};
