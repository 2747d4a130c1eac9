import { z } from 'zod';
import { skuConflictKinds, type SkuConflict } from '@stocksync/contract';

export const CONFLICT_PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_CONFLICT_PAGE_SIZE = 50;

/** The screen's URL: the kind shown (all when absent) and the page. Odd values fall back. */
export const skuConflictsSearchSchema = z.object({
  kind: z.enum(skuConflictKinds).optional().catch(undefined),
  page: z.number().int().min(1).default(1).catch(1),
  pageSize: z
    .number()
    .int()
    .min(1)
    .max(100)
    .default(DEFAULT_CONFLICT_PAGE_SIZE)
    .catch(DEFAULT_CONFLICT_PAGE_SIZE),
});
export type SkuConflictsSearch = z.infer<typeof skuConflictsSearchSchema>;

export type ConflictKind = SkuConflict['kind'];
export type ConflictFix = SkuConflict['fixes'][number];

export const KIND_LABELS: Record<ConflictKind, string> = {
  duplicate_on_account: 'Duplicates',
  mismatch: 'Mismatches',
  belongs_to_other_variant: "Another variant's SKU",
  blank: 'Blanks',
};

export const KIND_HELP: Record<ConflictKind, string> = {
  duplicate_on_account: 'Listings on one account that share a SKU',
  mismatch: "Listings whose SKU differs from their variant's",
  belongs_to_other_variant: "Listings that carry another variant's SKU",
  blank: 'A variant or its listings without a SKU',
};

export const FIX_LABELS: Record<ConflictFix, string> = {
  generate: 'Generate SKUs',
  push_ours: 'Send our SKU',
  take_channel: "Use the channel's SKU",
  link: 'Link to the variant with this SKU',
  unlink: 'Unlink the listing',
};
