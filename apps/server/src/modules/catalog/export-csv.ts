import { Readable } from 'node:stream';
import { productExportColumns } from '@stocksync/contract';
import type { Db } from '../../db/client';
import type { Currency } from '../../db/tables/organizations';
import { ProductExportRepository } from './product-export-repository';
import type { ListKey } from './products-repository';

/** Products read per query; their variants come with them. Memory stays flat at any size. */
export const EXPORT_BATCH_PRODUCTS = 500;

/**
 * One CSV cell. Quotes cells with a comma, quote or line break; cells a spreadsheet would take
 * as a formula (starting with = + - @, tab or carriage return) get a leading single quote.
 */
export function csvCell(value: string | number | boolean | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvLine(cells: readonly (string | number | boolean | null)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

async function* lines(db: Db, organizationId: string, currency: Currency) {
  const products = new ProductExportRepository(db);
  yield csvLine(productExportColumns);
  let after: ListKey | null = null;
  for (;;) {
    const rows = await products.exportBatch(organizationId, after, EXPORT_BATCH_PRODUCTS);
    if (rows.length === 0) return;
    let chunk = '';
    for (const r of rows) {
      chunk += csvLine([
        r.product_id,
        r.product_title,
        r.variant_id,
        r.variant_title,
        r.sku,
        r.available_qty,
        r.cost_price,
        r.current_price,
        // A price imported from a channel keeps that channel's currency; cost is the organisation's.
        r.price_currency ?? currency,
        r.is_synced,
        currency,
      ]);
    }
    yield chunk;
    const last = rows[rows.length - 1]!;
    after = { createdAt: last.created_at, id: last.product_id };
  }
}

/** The organisation's catalogue as CSV, read in keyset batches while the client downloads. */
export function exportProductsCsv(db: Db, organizationId: string, currency: Currency): Readable {
  return Readable.from(lines(db, organizationId, currency), { objectMode: false });
}
