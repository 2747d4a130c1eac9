import { z } from 'zod';
import { moneyStringSchema, pageQuerySchema, platformSchema, productIdsSchema } from './catalog';

/** Stock sync: master quantities, the ledger, alignment preview and reconciliation (issue 6). */

export const QUANTITY_MAX = 1_000_000;

export const syncMessages = {
  variantIdRequired: 'variant_id is required',
  variantIdInvalid: 'variant_id must be a valid variant id',
  quantityInvalid: 'Quantity must be a whole number',
  quantityNegative: 'Quantity must be greater than or equal to 0',
  quantityTooLarge: `Quantity must be at most ${QUANTITY_MAX.toLocaleString('en-US')}`,
  connectionNotFound: 'No such connected account',
  adjustInvalid: 'Adjustment must be a whole number',
  adjustZero: 'Adjustment must not be 0',
  adjustTooLarge: `Adjustment must be between -${QUANTITY_MAX.toLocaleString('en-US')} and ${QUANTITY_MAX.toLocaleString('en-US')}`,
  expectedInvalid: 'expected must be a whole number',
  expectedOutOfRange: `expected must be between -${QUANTITY_MAX.toLocaleString('en-US')} and ${QUANTITY_MAX.toLocaleString('en-US')}`,
  expectedWithoutQuantity: 'expected goes with quantity: send the quantity to set',
  bothForms: 'Send either quantity (to set) or adjust (to add or remove), not both',
  quantityOrAdjust: 'quantity or adjust is required',
  quantityChanged: 'The quantity changed since you saw it',
  adjustBelowZero: 'Not enough in stock to remove that many',
  adjustAboveMax: `The quantity would be more than ${QUANTITY_MAX.toLocaleString('en-US')}`,
} as const;

/** Why a master quantity changed. */
export const ledgerCauses = [
  'order',
  'channel_edit',
  'manual',
  'import',
  'import_undo',
  'reconciliation',
] as const;
export const ledgerCauseSchema = z.enum(ledgerCauses);
export type LedgerCause = z.infer<typeof ledgerCauseSchema>;

/** One listing of a variant on a connected account, as the product page shows it. */
export const variantListingSchema = z.object({
  id: z.uuid(),
  pc_id: z.uuid(),
  platform: platformSchema,
  alias: z.string(),
  /** The connection's own sync switch and status: pushes go only to active, enabled accounts. */
  sync_enabled: z.boolean(),
  status: z.enum(['active', 'needs_reauth', 'disconnected']),
  /** What we know the channel holds (null: never read or pushed). */
  channel_qty: z.number().int().nullable(),
  /** When the channel last confirmed channel_qty (a read, a webhook or an accepted push). */
  confirmed_at: z.iso.datetime({ offset: true }).nullable(),
  /** A push to this listing is waiting (or being retried). */
  push_pending: z.boolean(),
  /** The listing's price on its channel, in the channel's currency (null: not known). */
  price: moneyStringSchema.nullable(),
  /** ISO 4217 code of that currency (TikTok Shop "GBP"), whatever the organisation's. */
  currency: z.string().nullable(),
});
export type VariantListing = z.infer<typeof variantListingSchema>;

/** GET /v1/products/{id}/listings: every listing of the product's variants. */
export const productListingsResponseSchema = z.object({
  listings: z.array(variantListingSchema.extend({ variant_id: z.uuid() })),
});
export type ProductListingsResponse = z.infer<typeof productListingsResponseSchema>;

export const quantitySchema = z
  .number({ error: syncMessages.quantityInvalid })
  .int(syncMessages.quantityInvalid)
  .min(0, syncMessages.quantityNegative)
  .max(QUANTITY_MAX, syncMessages.quantityTooLarge);

const signedQuantity = (invalid: string, range: string) =>
  z.number({ error: invalid }).int(invalid).min(-QUANTITY_MAX, range).max(QUANTITY_MAX, range);

/**
 * POST /v1/variants/quantity (issue 22 item 2), one of three forms:
 * - `{variant_id, adjust}`: add or remove units from whatever the master is when it is applied;
 * - `{variant_id, quantity, expected}`: set, only while the master is still `expected` (else 409);
 * - `{variant_id, quantity}`: set whatever the master is now (last writer wins: a sale between
 *   reading and writing is undone). Kept for API clients; the web app never sends it.
 */
export const updateQuantityBodySchema = z
  .object({
    variant_id: z
      .string({ error: syncMessages.variantIdRequired })
      .min(1, syncMessages.variantIdRequired)
      .pipe(z.uuid({ error: syncMessages.variantIdInvalid })),
    quantity: quantitySchema
      .optional()
      .describe(
        'The quantity to set. Without `expected` the last writer wins: a sale recorded since ' +
          'the caller read the master is overwritten',
      ),
    expected: signedQuantity(syncMessages.expectedInvalid, syncMessages.expectedOutOfRange)
      .optional()
      .describe(
        'With `quantity`: the master the caller saw. Refused with 409 and the current ' +
          'quantity when the master is no longer this',
      ),
    adjust: signedQuantity(syncMessages.adjustInvalid, syncMessages.adjustTooLarge)
      .refine((n) => n !== 0, syncMessages.adjustZero)
      .optional()
      .describe(
        'Units to add (positive) or remove (negative), applied to the master as it is then; ' +
          'a removal that would leave it below 0 is refused with 409',
      ),
  })
  .superRefine((body, ctx) => {
    if (body.adjust !== undefined && (body.quantity !== undefined || body.expected !== undefined))
      ctx.addIssue({ code: 'custom', path: ['adjust'], message: syncMessages.bothForms });
    else if (body.expected !== undefined && body.quantity === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['quantity'],
        message: syncMessages.expectedWithoutQuantity,
      });
    else if (body.adjust === undefined && body.quantity === undefined)
      ctx.addIssue({ code: 'custom', path: ['quantity'], message: syncMessages.quantityOrAdjust });
  });
export type UpdateQuantityBody = z.infer<typeof updateQuantityBodySchema>;

export const ledgerEntrySchema = z.object({
  id: z.string(),
  variant_id: z.uuid(),
  variant_title: z.string(),
  sku: z.string(),
  delta: z.number().int(),
  qty_before: z.number().int(),
  qty_after: z.number().int(),
  cause: ledgerCauseSchema,
  /** The channel the change came from (orders, channel edits, reconciliation). */
  platform: platformSchema.nullable(),
  alias: z.string().nullable(),
  /** Order id or other channel reference (the channel's id, for links). */
  reference: z.string().nullable(),
  /** An order's own name or number on its channel (Shopify "#1003"; eBay's and TikTok's order id). */
  order_name: z.string().nullable(),
  /** The user who made a manual edit. */
  user_email: z.string().nullable(),
  created_at: z.iso.datetime({ offset: true }),
});
export type LedgerEntry = z.infer<typeof ledgerEntrySchema>;

/**
 * 409 from POST /v1/variants/quantity: the master moved since the seller saw it (`expected`), or
 * a removal would take it below 0. `changes`: the ledger entries since it was `expected`, newest
 * first (at most 10; empty for a refused adjustment).
 */
export const quantityConflictSchema = z.object({
  error: z.string(),
  field: z.enum(['expected', 'adjust']),
  quantity: z.number().int(),
  changes: z.array(ledgerEntrySchema),
});
export type QuantityConflict = z.infer<typeof quantityConflictSchema>;

export const ledgerQuerySchema = pageQuerySchema;
export const ledgerResponseSchema = z.object({
  entries: z.array(ledgerEntrySchema),
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
});
export type LedgerResponse = z.infer<typeof ledgerResponseSchema>;

/** POST /v1/products/sync-preview: what turning sync on would push (nothing changes). */
export const syncPreviewBodySchema = z.object({ ids: productIdsSchema });
export type SyncPreviewBody = z.infer<typeof syncPreviewBodySchema>;

export const syncPreviewChangeSchema = z.object({
  product_id: z.uuid(),
  product_title: z.string(),
  variant_id: z.uuid(),
  variant_title: z.string(),
  sku: z.string(),
  /** The master quantity every channel will be set to. */
  master_qty: z.number().int(),
  pc_id: z.uuid(),
  platform: platformSchema,
  alias: z.string(),
  /** What the channel holds now as far as we know (null: unknown, will be set). */
  channel_qty: z.number().int().nullable(),
});
export type SyncPreviewChange = z.infer<typeof syncPreviewChangeSchema>;

export const syncPreviewResponseSchema = z.object({
  /** Listings whose quantity will change (at most 500 shown). */
  changes: z.array(syncPreviewChangeSchema),
  /** All listings that will change, including those not shown. */
  total_changes: z.number().int().nonnegative(),
  /** Listings already equal to the master. */
  unchanged: z.number().int().nonnegative(),
});
export type SyncPreviewResponse = z.infer<typeof syncPreviewResponseSchema>;

/** POST /v1/sync/reconcile: compare channel quantities with the master now. */
export const reconcileBodySchema = z.object({
  /** One account; without it every active account of the organisation. */
  pc_id: z.uuid({ error: 'pc_id must be a valid connection id' }).optional(),
});
export type ReconcileBody = z.infer<typeof reconcileBodySchema>;
export const reconcileResponseSchema = z.object({ queued: z.number().int().nonnegative() });
export type ReconcileResponse = z.infer<typeof reconcileResponseSchema>;
