import { z } from 'zod';
import { pageQuerySchema, variantSchema } from './catalog';
import { SKU_MAX_TOTAL_LENGTH } from './sku-settings';

/*
 * SKU write-back (issue 25 item 1, docs/decisions/0055): a manual SKU edit, and the preview and
 * confirmation of which channel listing gets which SKU.
 */

export const SKU_WRITEBACK_VARIANTS_MAX = 1_000;

export const skuWritebackMessages = {
  skuRequired: 'sku is required',
  skuTooLong: `sku must be at most ${SKU_MAX_TOTAL_LENGTH} characters`,
  skuCharacters: 'sku may only contain letters, digits, - _ and .',
  skuTaken: 'This SKU is already used by another variant in this organisation',
  variantIdsRequired: 'variant_ids must list at least one variant id',
  variantIdsTooMany: `variant_ids can list at most ${SKU_WRITEBACK_VARIANTS_MAX} variants`,
  variantIdInvalid: 'Each variant id must be a valid id',
  variantsNotFound: 'Some of these variants do not exist in this organisation',
  nothingToPush: 'None of these listings needs its SKU sent',
  /** eBay: the SKU is the inventory item's key (docs/channels/ebay.md, SKU write-back). */
  ebaySkuIsKey:
    "On eBay the SKU is the listing's inventory item key and cannot be changed on a live listing: " +
    'changing it would mean ending this listing and listing it again as a new item (new item ' +
    'number, sales history and watchers lost). StockSync does not do that; change the SKU here to ' +
    "the eBay listing's SKU instead, or relist on eBay yourself.",
  noSku: 'The variant has no SKU to send',
} as const;

/** A SKU typed by hand: the characters generated SKUs use (letters, digits, the delimiters). */
export const manualSkuSchema = z
  .string({ error: skuWritebackMessages.skuRequired })
  .trim()
  .min(1, skuWritebackMessages.skuRequired)
  .max(SKU_MAX_TOTAL_LENGTH, skuWritebackMessages.skuTooLong)
  .regex(/^[A-Za-z0-9._-]+$/, skuWritebackMessages.skuCharacters);

export const updateSkuBodySchema = z.object({
  variant_id: z.uuid({ error: skuWritebackMessages.variantIdInvalid }),
  sku: manualSkuSchema,
});
export type UpdateSkuBody = z.infer<typeof updateSkuBodySchema>;
export const updateSkuResponseSchema = z.object({ variant: variantSchema });

export const skuWritebackBodySchema = z.object({
  variant_ids: z
    .array(z.uuid({ error: skuWritebackMessages.variantIdInvalid }), {
      error: skuWritebackMessages.variantIdsRequired,
    })
    .min(1, skuWritebackMessages.variantIdsRequired)
    .max(SKU_WRITEBACK_VARIANTS_MAX, skuWritebackMessages.variantIdsTooMany),
});
export type SkuWritebackBody = z.infer<typeof skuWritebackBodySchema>;

export const skuPushStatuses = ['queued', 'pushed', 'refused', 'failed'] as const;

/** One listing in a preview: what it would get, and what the last write-back did. */
export const skuWritebackListingSchema = z.object({
  listing_id: z.uuid(),
  variant_id: z.uuid(),
  variant_title: z.string(),
  product_title: z.string(),
  connection_id: z.uuid(),
  platform: z.enum(['shopify', 'ebay', 'tiktok']),
  account: z.string(),
  /** The SKU the channel holds as far as we know (eBay: the item's key), null when unknown. */
  channel_sku: z.string().nullable(),
  sku: z.string().nullable(),
  /** push: will be sent; unchanged: the channel has it; refused: cannot be sent (reason). */
  action: z.enum(['push', 'unchanged', 'refused']),
  reason: z.string().nullable(),
  last_push: z
    .object({
      sku: z.string(),
      status: z.enum(skuPushStatuses),
      message: z.string().nullable(),
      at: z.string(),
    })
    .nullable(),
});
export type SkuWritebackListing = z.infer<typeof skuWritebackListingSchema>;

export const skuWritebackPreviewSchema = z.object({
  listings: z.array(skuWritebackListingSchema),
});
export type SkuWritebackPreview = z.infer<typeof skuWritebackPreviewSchema>;

export const skuWritebackQueuedSchema = z.object({
  /** Listings queued to be sent, per connection in one job each. */
  queued: z.number().int(),
  /** Listings not sent: already holding the SKU, or refused (eBay) with the reason. */
  unchanged: z.number().int(),
  refused: z.number().int(),
  listings: z.array(skuWritebackListingSchema),
});
export type SkuWritebackQueued = z.infer<typeof skuWritebackQueuedSchema>;

/*
 * SKU conflicts (issue 25 item 2). Two variants of one organisation cannot share a SKU (a unique
 * index forbids it), so duplicates are listings of one channel account holding one SKU.
 */
export const skuConflictKinds = [
  'duplicate_on_account',
  'mismatch',
  'belongs_to_other_variant',
  'blank',
] as const;
export const skuConflictFixes = [
  'generate',
  'push_ours',
  'take_channel',
  'link',
  'unlink',
] as const;

export const skuConflictsQuerySchema = pageQuerySchema.extend({
  kind: z
    .enum(skuConflictKinds, { error: `kind must be one of ${skuConflictKinds.join(', ')}` })
    .optional(),
});

const conflictVariantSchema = z.object({
  id: z.uuid(),
  product_id: z.uuid(),
  product_title: z.string(),
  title: z.string(),
  sku: z.string(),
});

export const skuConflictSchema = z.object({
  /** Names the conflict in a fix (POST /v1/sku-conflicts/fixes): `<kind>:<listing ids>`. */
  id: z.string(),
  kind: z.enum(skuConflictKinds),
  /** The SKU in question ('' for a blank). */
  sku: z.string(),
  /** The variant the listings are linked to (duplicates: null, each listing names its own). */
  variant: conflictVariantSchema.nullable(),
  /** belongs_to_other_variant: the variant whose SKU the listing carries. */
  other_variant: conflictVariantSchema.nullable(),
  listings: z.array(
    z.object({
      listing_id: z.uuid(),
      variant_id: z.uuid(),
      connection_id: z.uuid(),
      platform: z.enum(['shopify', 'ebay', 'tiktok']),
      account: z.string(),
      channel_sku: z.string(),
      /** The variant this listing is linked to (duplicates: each its own). */
      product_title: z.string(),
      variant_title: z.string(),
      variant_sku: z.string(),
    }),
  ),
  /**
   * generate: new SKUs for the variants without one, then each listing gets its variant's SKU;
   * push_ours: send the variants' SKUs to the listings; take_channel: give the variant the
   * channel's SKU (then sent to its other listings); link: link the listing to other_variant;
   * unlink: remove the link. The first is the one proposed (ADR 0057).
   */
  fixes: z.array(z.enum(skuConflictFixes)),
});
export type SkuConflict = z.infer<typeof skuConflictSchema>;

export const skuConflictsResponseSchema = z.object({
  conflicts: z.array(skuConflictSchema),
  total: z.number().int(),
  /** Conflicts of each kind, whatever the kind filter (the screen's counts). */
  counts: z.record(z.enum(skuConflictKinds), z.number().int()),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type SkuConflictsResponse = z.infer<typeof skuConflictsResponseSchema>;
