import { z } from 'zod';
import type { FetchLike } from '../http/fetch';

/** Admin API versions this adapter's documents are validated against (see queries.test.ts). */
export const SHOPIFY_API_VERSIONS = [
  '2025-10',
  '2026-01',
  '2026-04',
  '2026-07',
  '2026-10',
] as const;
export type ShopifyApiVersion = (typeof SHOPIFY_API_VERSIONS)[number];

export const shopifyConfigSchema = z.object({
  clientId: z.string().min(1),
  clientSecret: z.string().min(1),
  /** Secrets still accepted on webhooks during a client-secret rotation. */
  previousClientSecrets: z.array(z.string().min(1)).default([]),
  apiVersion: z.enum(SHOPIFY_API_VERSIONS).default('2026-07'),
  scopes: z
    .array(z.string().min(1))
    .default([
      'read_products',
      'write_products',
      'read_inventory',
      'write_inventory',
      'read_locations',
      'read_orders',
    ]),
  redirectUri: z.url(),
  /**
   * Origin of a shop, `{shop}` replaced by `x.myshopify.com`. Production `https://{shop}`; the
   * emulator `http://127.0.0.1:port/shops/{shop}`.
   */
  shopUrlTemplate: z
    .string()
    .refine((value) => value.includes('{shop}'), 'must contain {shop}')
    .default('https://{shop}'),
  /** Ask for expiring offline tokens with a rotating refresh token. */
  expiringTokens: z.boolean().default(true),
  /** Reject install/callback HMACs older than this (the SDK uses 90 s). */
  hmacMaxAgeSeconds: z.number().int().positive().default(90),
  timeoutMs: z.number().int().positive().default(30_000),
  /** THROTTLED answers waited out before giving up with RateLimitedError. */
  throttleRetries: z.number().int().min(0).default(2),
  productsPageSize: z.number().int().min(1).max(250).default(10),
  variantsPageSize: z.number().int().min(1).max(250).default(25),
  /** Locations read per inventory item (inventory reads stay under the 1000-point query cost). */
  maxLocations: z.number().int().min(1).max(250).default(10),
  /**
   * Levels per page of the incremental stock check (ChannelsInventoryChanges: 3 + 3 a level cost
   * points, reserved up front; docs/decisions/0054).
   */
  changesPageSize: z.number().int().min(1).max(250).default(100),
  /** Rows per inventorySetQuantities call. */
  batchSize: z.number().int().min(1).max(250).default(100),
  /** Allowed reason of inventory changes (docs/channels §1.4). */
  inventoryReason: z.string().default('correction'),
  referenceDocumentUri: z.string().default('gid://stocksync/SyncJob/unknown'),
  bulkPollIntervalMs: z.number().int().min(1).default(2_000),
  bulkTimeoutMs: z
    .number()
    .int()
    .positive()
    .default(30 * 60_000),
});

export type ShopifyConfigInput = z.input<typeof shopifyConfigSchema>;
export type ShopifyConfig = z.output<typeof shopifyConfigSchema>;

/** Injected at run time (not settings). */
export interface ShopifyRuntimeOptions {
  fetch?: FetchLike;
  /** Waits (throttle, bulk polling); tests advance a fake clock here. */
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
}

export const SHOP_DOMAIN = /^[a-zA-Z0-9][a-zA-Z0-9-]*\.myshopify\.com$/;
