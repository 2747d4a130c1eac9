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
  })
  .refine((body) => (body.product_ids ? 1 : 0) + (body.all ? 1 : 0) === 1, {
    message: 'Send either product_ids or all: true',
    path: ['product_ids'],
  });
export type StartImportBody = z.infer<typeof startImportBodySchema>;

export const startImportResponseSchema = z.object({ import_id: z.uuid() });

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
});
export type Import = z.infer<typeof importSchema>;

export const listImportsQuerySchema = z.object({ pc_id: z.uuid().optional() });
export const listImportsResponseSchema = z.object({ imports: z.array(importSchema) });

export const importMessages = {
  started: 'Importing has begun',
  failed: 'Failed to import products',
  connectionInactive: 'This account needs to be reconnected before importing',
  wrongPlatform: 'This connection belongs to another platform',
} as const;
