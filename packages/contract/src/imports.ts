import { z } from 'zod';
import { textSchema } from './text';

/* Import (spec §2 import screens, §7 POST import, §8 toasts). */

export const remoteProductsQuerySchema = z.object({
  pc_id: z.uuid(),
  cursor: textSchema('cursor', { min: 0, max: 2000, trim: false }).optional(),
  search: textSchema('search', { min: 0, max: 200 }).optional(),
});

export const remoteProductSchema = z.object({
  external_id: z.string(),
  title: z.string(),
  /** Number of variants. */
  variants: z.number().int().nonnegative(),
  /** Available quantity summed over variants. */
  quantity: z.number().int(),
  /** Our product when already imported, else null. */
  product_id: z.uuid().nullable(),
  is_synced: z.boolean(),
});
export type RemoteProduct = z.infer<typeof remoteProductSchema>;

export const remoteProductsResponseSchema = z.object({
  products: z.array(remoteProductSchema),
  next_cursor: z.string().nullable(),
});
export type RemoteProductsResponse = z.infer<typeof remoteProductsResponseSchema>;

export const IMPORT_IDS_MAX = 5000;

export const startImportBodySchema = z
  .object({
    pc_id: z.uuid(),
    product_ids: z
      .array(textSchema('product_ids', { max: 200 }))
      .min(1)
      .max(IMPORT_IDS_MAX)
      .optional(),
    /** The whole catalogue. */
    all: z.literal(true).optional(),
    /** Answer what the import would do (200, an ImportPreview) and write nothing. */
    dry_run: z.boolean().optional(),
    /**
     * The seller opts in: the SKUs the import generates for new variants without one (SKU
     * settings, autoCreate) are sent to their channel listings through the SKU write-back (one
     * job per account, a result per listing, activity entries). eBay listings are refused with
     * the reason: the SKU is the item's key. Default false.
     */
    write_back_skus: z.boolean({ error: 'write_back_skus must be true or false' }).optional(),
  })
  .refine((body) => (body.product_ids ? 1 : 0) + (body.all ? 1 : 0) === 1, {
    message: 'Send either product_ids or all: true',
    path: ['product_ids'],
  });
export type StartImportBody = z.infer<typeof startImportBodySchema>;

export const startImportResponseSchema = z.object({ import_id: z.uuid() });

/** A difference between the channel and us: applied by the import, or kept (and why). */
export const importFieldChangeSchema = z.object({
  target: z.enum(['product', 'variant']),
  /** The variant's SKU ('' for the product or a variant without one). */
  sku: z.string(),
  field: z.enum(['title', 'price', 'quantity']),
  before: z.string(),
  after: z.string(),
  /**
   * null: applied. other_source: the product came from another connection, which stays the
   * source of its descriptive fields and stock. synced: sync is on, the master quantity stays.
   */
  kept: z.enum(['other_source', 'synced']).nullable(),
});
export type ImportFieldChange = z.infer<typeof importFieldChangeSchema>;

export const importActions = ['create', 'link', 'update', 'unchanged', 'failed'] as const;

/** What an import does with one remote product. */
export const importProductOutcomeSchema = z.object({
  external_id: z.string(),
  /** The channel's title. */
  title: z.string(),
  /** Our product (null when it would be created, or failed). */
  product_id: z.uuid().nullable(),
  /** Our product's title when it exists. */
  our_title: z.string().nullable(),
  action: z.enum(importActions),
  /** Why it fails. */
  reason: z.string().nullable(),
  variants: z.object({
    create: z.number().int().nonnegative(),
    link: z.number().int().nonnegative(),
    update: z.number().int().nonnegative(),
  }),
  changes: z.array(importFieldChangeSchema),
});
export type ImportProductOutcome = z.infer<typeof importProductOutcomeSchema>;

const count = z.number().int().nonnegative();

/** What the import does about SKUs: generated for new variants without one, then sent or not. */
export const importSkusPlanSchema = z.object({
  /** The organisation generates SKUs on import (SKU settings, autoCreate). */
  auto_create: z.boolean(),
  /** New variants without a SKU that would get a generated one. */
  generate: count,
  /** Their listings that would be sent the new SKU when the seller opts in (write_back_skus). */
  push: count,
  /** Their listings that would not be sent it, with the reason. */
  refused: count,
  /** Why nothing (or not everything) is generated or sent; null when all of it would be. */
  reason: z.string().nullable(),
});
export type ImportSkusPlan = z.infer<typeof importSkusPlanSchema>;

/** POST /v1/import/{platform} with dry_run: true. Nothing is written. */
export const importPreviewSchema = z.object({
  dry_run: z.literal(true),
  totals: z.object({
    products: z.object({
      create: count,
      link: count,
      update: count,
      unchanged: count,
      failed: count,
    }),
    variants: z.object({ create: count, link: count, update: count }),
    listings: z.object({ create: count, update: count }),
    /** Differences kept by the re-import rules. */
    kept: z.number().int().nonnegative(),
  }),
  /** The first IMPORT_PREVIEW_MAX products, those with something to do first. */
  products: z.array(importProductOutcomeSchema),
  truncated: z.boolean(),
  /** SKUs the import would generate and, with write_back_skus, send to the channel. */
  skus: importSkusPlanSchema.optional(),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;
export const IMPORT_PREVIEW_MAX = 500;

/** POST /v1/imports/{id}/undo. */
export const undoImportResponseSchema = z.object({
  import_id: z.uuid(),
  products_deleted: z.number().int().nonnegative(),
  variants_deleted: z.number().int().nonnegative(),
  listings_deleted: z.number().int().nonnegative(),
  products_restored: z.number().int().nonnegative(),
  variants_restored: z.number().int().nonnegative(),
  quantities_restored: z.number().int().nonnegative(),
});
export type UndoImportResponse = z.infer<typeof undoImportResponseSchema>;

/** How long an import can be undone. */
export const IMPORT_UNDO_DAYS = 7;

export const importStatuses = ['queued', 'running', 'completed', 'failed'] as const;

export const importSchema = z.object({
  id: z.uuid(),
  pc_id: z.uuid(),
  status: z.enum(importStatuses),
  /** Products to import (known once the catalogue was read, for whole-catalogue imports). */
  total: z.number().int().nonnegative(),
  done: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  /** Estimate of the time left, from the observed pace and the channel's rate limit. */
  eta_seconds: z.number().int().nonnegative().nullable(),
  error: z.string().nullable(),
  created_at: z.string(),
  /** When it was undone (POST /v1/imports/{id}/undo), else null. */
  undone_at: z.string().nullable(),
  /** Until when it can be undone (finished imports that changed something), else null. */
  undo_until: z.string().nullable(),
});
export type Import = z.infer<typeof importSchema>;

export const listImportsQuerySchema = z.object({ pc_id: z.uuid().optional() });
export const listImportsResponseSchema = z.object({ imports: z.array(importSchema) });

export const importMessages = {
  started: 'Importing has begun',
  failed: 'Failed to import products',
  connectionInactive: 'This account needs to be reconnected before importing',
  wrongPlatform: 'This connection belongs to another platform',
  undone: 'Import undone',
  undoFailed: 'Failed to undo the import',
  undoNotFinished: 'This import has not finished yet',
  undoAlready: 'This import was undone already',
  undoExpired: `Imports can be undone for ${IMPORT_UNDO_DAYS} days after they finish`,
  undoNothing: 'This import changed nothing to undo',
  skusAutoCreateOff:
    'SKU generation on import is off in SKU settings: new variants without a SKU keep none, so none is sent',
  skusNoneMissing:
    'Every variant this import brings in has a SKU already, so none is generated (an eBay item always carries its SKU: it is the item key).',
} as const;

/* The source of a product's title and descriptive fields (issue 25 item 4, ADR 0053). */

export const productSourceMessages = {
  pcIdInvalid: 'pc_id must be a valid connection id',
  notListed: 'pc_id must be a connection that lists this product',
  changed: 'Source changed',
} as const;

export const productSourceBodySchema = z.object({
  pc_id: z.uuid({ error: productSourceMessages.pcIdInvalid }),
});
export type ProductSourceBody = z.infer<typeof productSourceBodySchema>;

/** GET/PUT /v1/products/{id}/source: the source and the connections that could be it. */
export const productSourceSchema = z.object({
  product_id: z.uuid(),
  /** The connection whose re-imports update the title, names and prices; null: none (made here). */
  source_pc_id: z.uuid().nullable(),
  /** The connections holding a listing of the product: the possible sources. */
  candidates: z.array(
    z.object({
      pc_id: z.uuid(),
      platform: z.enum(['shopify', 'ebay', 'tiktok']),
      alias: z.string(),
    }),
  ),
});
export type ProductSource = z.infer<typeof productSourceSchema>;
