import { z } from 'zod';

/** What stock_apply_change records of a stock change, in its entry's `details`. */
const stockChangeDetailsSchema = z.object({
  product: z.string(),
  variant: z.string(),
  sku: z.string().nullable(),
  before: z.number().int(),
  after: z.number().int(),
  change: z.number().int(),
  source: z.string(),
});

export type StockChangeDetails = z.infer<typeof stockChangeDetailsSchema>;

/** `'<product>' / '<variant>' (SKU <sku>): 5 → 3 (-2), <source>`; no SKU part when it has none. */
export function stockChangeNote(details: StockChangeDetails): string {
  const sku = details.sku ? ` (SKU ${details.sku})` : '';
  const sign = details.change >= 0 ? '+' : '';
  return (
    `'${details.product}' / '${details.variant}'${sku}: ` +
    `${details.before} → ${details.after} (${sign}${details.change}), ${details.source}`
  );
}

/**
 * An entry's note as the API answers it: the stored text, or, for an entry that keeps its facts
 * (a stock change, written in SQL under the variant's lock), the text formatted from them.
 */
export function activityNote(entry: { note: string | null; details: unknown }): string {
  if (entry.details === null) return entry.note ?? '';
  return stockChangeNote(stockChangeDetailsSchema.parse(entry.details));
}
