import { z } from 'zod';
import { platformSchema } from './catalog';
import { textSchema } from './text';

/* Channel connections (spec §2 dashboard/integrations/account screens, §3 marketplace account). */

export const connectionStatuses = ['active', 'needs_reauth', 'disconnected'] as const;
export const connectionStatusSchema = z.enum(connectionStatuses);
export type ConnectionStatus = z.infer<typeof connectionStatusSchema>;

export const platformConnectionSchema = z.object({
  id: z.uuid(),
  platform: platformSchema,
  alias: z.string(),
  status: connectionStatusSchema,
  sync_enabled: z.boolean(),
  /** Connected to the local emulator (demo mode), not the real service. */
  sandbox: z.boolean(),
  username: z.string().nullable(),
  shop_domain: z.string().nullable(),
  marketplace_id: z.string().nullable(),
  refresh_token_expiry: z.string().nullable().describe('ISO 8601 time'),
  created_at: z.string().describe('ISO 8601 time'),
});
export type PlatformConnection = z.infer<typeof platformConnectionSchema>;

export const listPlatformsResponseSchema = z.object({
  platforms: z.array(platformConnectionSchema),
});
export type ListPlatformsResponse = z.infer<typeof listPlatformsResponseSchema>;

/** Spec §3 marketplace account (the same shape for every platform). */
export const marketplaceAccountSchema = z.object({
  id: z.uuid(),
  alias: z.string(),
  username: z.string().nullable(),
  ebay_id: z.string().nullable(),
  marketplace_id: z.string().nullable(),
  refresh_token_expiry: z.string().nullable().describe('ISO 8601 time'),
  platform_connection_id: z.uuid(),
  status: connectionStatusSchema,
  sandbox: z.boolean(),
  shop_domain: z.string().nullable(),
});
export type MarketplaceAccount = z.infer<typeof marketplaceAccountSchema>;

export const aliasQuerySchema = z.object({ alias: textSchema('alias', { max: 100 }) });

export const SHOP_DOMAIN_PATTERN = /^[a-zA-Z0-9][a-zA-Z0-9-]*\.myshopify\.com$/;

export const connectionMessages = {
  shopInvalid: 'Enter a shop domain like your-store.myshopify.com',
  stateInvalid: 'This authorisation link has expired or was already used. Please connect again.',
  declined: 'The authorisation was declined',
  exchangeFailed: 'The channel refused the authorisation. Please connect again.',
  installInvalid: 'Invalid install request',
  pcIdInvalid: 'pc_id must be the id (UUID) of a platform connection',
  connectionNotFound: 'No platform connection with this pc_id',
  syncDisconnected: 'Cannot sync a disconnected account. Reconnect it first.',
} as const;

export const shopifyConnectBodySchema = z.object({
  shop: z.string().trim().toLowerCase().regex(SHOP_DOMAIN_PATTERN, connectionMessages.shopInvalid),
});

/**
 * GET /v1/platforms/shopify/install: the link Shopify opens to install the app. Every parameter
 * counts for the HMAC, so unknown ones are kept.
 */
export const shopifyInstallQuerySchema = z
  .object({
    shop: z
      .string({ error: connectionMessages.installInvalid })
      .describe('The shop domain, e.g. my-store.myshopify.com'),
    hmac: z
      .string({ error: connectionMessages.installInvalid })
      .describe('HMAC-SHA256 (hex) of the other parameters, keyed with the app secret'),
    timestamp: z.string().optional().describe('Unix time of the request, in seconds'),
    host: z.string().optional().describe("Base64 of the shop's admin host"),
  })
  .catchall(z.string());

export const authorizeUrlResponseSchema = z.object({ url: z.string() });

export const shopifyCallbackBodySchema = z.object({
  query: z.record(z.string(), z.string()),
});

export const oauthCodeBodySchema = z.object({
  code: textSchema('code', { max: 2000, trim: false }),
  state: textSchema('state', { max: 200, trim: false }),
});

export const connectedResponseSchema = z.object({
  platform_connection_id: z.uuid(),
  alias: z.string(),
  organization_id: z.uuid(),
});
export type ConnectedResponse = z.infer<typeof connectedResponseSchema>;

/** POST /v1/sync/toggle: flips stock sync for one connection (spec §4, §7). */
export const syncToggleBodySchema = z.object({
  pc_id: z.uuid({ error: connectionMessages.pcIdInvalid }),
});
export type SyncToggleBody = z.infer<typeof syncToggleBodySchema>;

/** The updated connection, as an entry of GET /v1/platforms. */
export const syncToggleResponseSchema = platformConnectionSchema;
export type SyncToggleResponse = z.infer<typeof syncToggleResponseSchema>;
