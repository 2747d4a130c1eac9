import { z } from 'zod';
import { platformSchema } from './catalog';

/*
 * Sandbox controls (issue 20 item 19): in sandbox mode a connected emulator account can be made to
 * sell or change its stock, so a newcomer sees sync work. The change goes to the emulator, which
 * tells stocksync through the same webhook or poll as the real channel would.
 */

export const sandboxMessages = {
  variantIdInvalid: 'variant_id must be the id (UUID) of a product variant',
  quantityInvalid: 'quantity must be a whole number from 1 to 1000',
  availableInvalid: 'available must be a whole number from 0 to 1000000',
  notListed: 'This variant is not listed on this sandbox account. Import it first.',
  refused: 'The sandbox channel refused the change',
} as const;

export const SANDBOX_SALE_MAX_QUANTITY = 1000;
export const SANDBOX_STOCK_MAX = 1_000_000;

export const sandboxConnectionParamsSchema = z.object({
  id: z.uuid({ error: 'id must be the id (UUID) of a platform connection' }),
});

/** A variant of ours listed on the sandbox account, with what the channel last said it holds. */
export const sandboxListingSchema = z.object({
  variant_id: z.uuid(),
  product_id: z.uuid(),
  title: z.string().describe('Product title, with the variant title when it has several'),
  sku: z.string(),
  channel_qty: z.number().int().nullable().describe('Quantity the channel last reported'),
  is_synced: z
    .boolean()
    .describe("Sync is on for the product: the channel's sales change its stock"),
});
export type SandboxListing = z.infer<typeof sandboxListingSchema>;

export const sandboxListingsResponseSchema = z.object({
  listings: z.array(sandboxListingSchema),
});
export type SandboxListingsResponse = z.infer<typeof sandboxListingsResponseSchema>;

export const sandboxSaleBodySchema = z.object({
  variant_id: z.uuid({ error: sandboxMessages.variantIdInvalid }),
  quantity: z
    .number({ error: sandboxMessages.quantityInvalid })
    .int({ error: sandboxMessages.quantityInvalid })
    .min(1, { error: sandboxMessages.quantityInvalid })
    .max(SANDBOX_SALE_MAX_QUANTITY, { error: sandboxMessages.quantityInvalid })
    .default(1),
});
export type SandboxSaleBody = z.input<typeof sandboxSaleBodySchema>;

export const sandboxStockBodySchema = z.object({
  variant_id: z.uuid({ error: sandboxMessages.variantIdInvalid }),
  available: z
    .number({ error: sandboxMessages.availableInvalid })
    .int({ error: sandboxMessages.availableInvalid })
    .min(0, { error: sandboxMessages.availableInvalid })
    .max(SANDBOX_STOCK_MAX, { error: sandboxMessages.availableInvalid }),
});
export type SandboxStockBody = z.infer<typeof sandboxStockBodySchema>;

/** The emulator took the change; stocksync hears of it through the channel's own path. */
export const sandboxChangeResponseSchema = z.object({
  variant_id: z.uuid(),
  sku: z.string(),
  /** How the change reaches stocksync: a webhook now, or the next poll / stock check (eBay stock). */
  arrives_by: z.enum(['webhook', 'poll']),
  /** The emulator's order id of a simulated sale. */
  order_id: z.string().optional(),
});
export type SandboxChangeResponse = z.infer<typeof sandboxChangeResponseSchema>;

/** GET /v1/sandbox: which platforms run on emulators here, and Shopify's seeded demo store. */
export const sandboxModeResponseSchema = z.object({
  platforms: z.array(platformSchema).describe('Platforms in sandbox mode (no credentials)'),
  shopify_shop: z
    .string()
    .nullable()
    .describe('The sandbox Shopify store with demo products; any other name is an empty store'),
});
export type SandboxModeResponse = z.infer<typeof sandboxModeResponseSchema>;
