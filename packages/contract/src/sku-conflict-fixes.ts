import { z } from 'zod';
import {
  skuConflictFixes,
  skuConflictKinds,
  skuWritebackListingSchema,
  type SkuConflict,
} from './sku-writeback';

/*
 * SKU conflict fixes applied in bulk after a preview, and links of listings to variants (issue 25
 * item 2, docs/decisions/0057).
 */

/** Conflicts fixed per request (the write-back then sends up to 1,000 variants per job batch). */
export const SKU_CONFLICT_FIXES_MAX = 1_000;

/** The fixes each kind may ask for; which of them a conflict offers depends on its state. */
export const skuConflictFixesByKind = {
  duplicate_on_account: ['generate', 'push_ours'],
  mismatch: ['push_ours', 'take_channel'],
  belongs_to_other_variant: ['link', 'unlink', 'push_ours'],
  blank: ['generate', 'push_ours', 'take_channel'],
} as const satisfies Record<SkuConflict['kind'], readonly (typeof skuConflictFixes)[number][]>;

export const skuConflictFixMessages = {
  itemsRequired: 'items must list at least one conflict, or all_selected be true',
  itemsTooMany: `items can list at most ${SKU_CONFLICT_FIXES_MAX} conflicts`,
  idInvalid: 'Each id must be a conflict id as GET /v1/sku-conflicts answers it',
  fixInvalid: `fix must be one of ${skuConflictFixes.join(', ')}`,
  fixNotForKind: 'This fix does not apply to this kind of conflict',
  gone: 'This conflict no longer exists (fixed meanwhile, or its listings changed)',
  noSkuToSend: 'has no SKU to send: generate one first',
  channelSkusDiffer: 'The listings hold different SKUs; set the one to keep on the product page',
  alreadyListed: 'already has a listing on this account; unlink one of them first',
  listingNotFound: 'This listing does not exist in this organisation',
  variantNotFound: 'This variant does not exist in this organisation',
  sameVariant: 'The listing is already linked to this variant',
} as const;

/** `<kind>:<listing id>,<listing id>…`: the conflict's kind and the listings it was found on. */
export const skuConflictIdPattern = new RegExp(
  `^(${skuConflictKinds.join('|')}):[0-9a-f-]{36}(,[0-9a-f-]{36}){0,199}$`,
);

const fixSchema = z.enum(skuConflictFixes, { error: skuConflictFixMessages.fixInvalid });

export const skuConflictFixesBodySchema = z
  .object({
    items: z
      .array(
        z.object({
          id: z
            .string({ error: skuConflictFixMessages.idInvalid })
            .max(8_000, skuConflictFixMessages.idInvalid)
            .regex(skuConflictIdPattern, skuConflictFixMessages.idInvalid),
          fix: fixSchema,
        }),
        { error: skuConflictFixMessages.itemsRequired },
      )
      .max(SKU_CONFLICT_FIXES_MAX, skuConflictFixMessages.itemsTooMany)
      .optional(),
    /** Every conflict (of `kind` when given), each with its first proposed fix. */
    all_selected: z.boolean({ error: 'all_selected must be true or false' }).optional(),
    kind: z
      .enum(skuConflictKinds, { error: `kind must be one of ${skuConflictKinds.join(', ')}` })
      .optional(),
  })
  .refine((body) => body.all_selected === true || (body.items?.length ?? 0) > 0, {
    message: skuConflictFixMessages.itemsRequired,
    path: ['items'],
  });
export type SkuConflictFixesBody = z.infer<typeof skuConflictFixesBodySchema>;

const variantRefSchema = z.object({
  id: z.uuid(),
  product_title: z.string(),
  title: z.string(),
});

/** One conflict's fix as previewed: what changes here; the listings' SKUs are in `listings`. */
export const skuConflictFixPlanSchema = z.object({
  id: z.string(),
  kind: z.enum(skuConflictKinds),
  fix: fixSchema,
  /** ready: will be applied; gone: the conflict no longer exists; failed: cannot be (message). */
  status: z.enum(['ready', 'gone', 'failed']),
  message: z.string().nullable(),
  /** Variants whose SKU changes here: `to` null means a new SKU is generated. */
  sku_changes: z.array(
    z.object({ variant: variantRefSchema, from: z.string(), to: z.string().nullable() }),
  ),
  /** Listings linked to another variant (`to`) or unlinked (`to` null). */
  link_changes: z.array(
    z.object({
      listing_id: z.uuid(),
      platform: z.enum(['shopify', 'ebay', 'tiktok']),
      account: z.string(),
      channel_sku: z.string(),
      from: variantRefSchema,
      to: variantRefSchema.nullable(),
    }),
  ),
});
export type SkuConflictFixPlan = z.infer<typeof skuConflictFixPlanSchema>;

/** A listing of the preview: the write-back's answer with the SKU the fix gives its variant. */
export const skuConflictFixListingSchema = skuWritebackListingSchema.extend({
  /** The variant gets a generated SKU: `sku` is not known before it is applied. */
  generated: z.boolean(),
});
export type SkuConflictFixListing = z.infer<typeof skuConflictFixListingSchema>;

export const skuConflictFixesPreviewSchema = z.object({
  items: z.array(skuConflictFixPlanSchema),
  /** Which channel listing gets which SKU (push), keeps it (unchanged) or cannot (refused). */
  listings: z.array(skuConflictFixListingSchema),
  /** all_selected: conflicts beyond the first SKU_CONFLICT_FIXES_MAX, for a next request. */
  remaining: z.number().int(),
});
export type SkuConflictFixesPreview = z.infer<typeof skuConflictFixesPreviewSchema>;

export const skuConflictFixResultSchema = z.object({
  id: z.string(),
  kind: z.enum(skuConflictKinds),
  fix: fixSchema,
  status: z.enum(['applied', 'gone', 'failed']),
  message: z.string().nullable(),
});
export type SkuConflictFixResult = z.infer<typeof skuConflictFixResultSchema>;

export const skuConflictFixesAppliedSchema = z.object({
  items: z.array(skuConflictFixResultSchema),
  /** The write-back that followed: listings queued, already holding their SKU, refused. */
  queued: z.number().int(),
  unchanged: z.number().int(),
  refused: z.number().int(),
  listings: z.array(skuWritebackListingSchema),
  remaining: z.number().int(),
});
export type SkuConflictFixesApplied = z.infer<typeof skuConflictFixesAppliedSchema>;

/* Links of listings (POST /v1/listings/{id}/link and /unlink). */

export const listingParamsSchema = z.object({
  id: z.uuid({ error: 'id must be a valid listing id' }),
});

export const linkListingBodySchema = z.object({
  variant_id: z.uuid({ error: 'variant_id must be a valid variant id' }),
});

export const listingLinkSchema = z.object({
  listing_id: z.uuid(),
  platform: z.enum(['shopify', 'ebay', 'tiktok']),
  account: z.string(),
  channel_sku: z.string().nullable(),
  /** The variant it is linked to now; null once unlinked (StockSync no longer follows it). */
  variant: variantRefSchema.nullable(),
});
export type ListingLink = z.infer<typeof listingLinkSchema>;
