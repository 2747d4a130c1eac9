import { Readable } from 'node:stream';
import { productExportColumns } from '@stocksync/contract';
import type { Db } from '../../db/client';
import type { Currency } from '../../db/tables/organizations';
import type { SortedKey } from './product-order';
import { ProductExportRepository, type ExportScope } from './product-export-repository';

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

/** The column of an account's channel quantity: after the spec's columns, one per account. */
export const channelQtyColumn = (account: { platform: string; alias: string }) =>
  `channel_qty:${account.platform}:${account.alias}`;

async function* lines(db: Db, organizationId: string, currency: Currency, scope: ExportScope) {
  const products = new ProductExportRepository(db);
  const accounts = await products.connectedAccounts(organizationId);
  yield csvLine([...productExportColumns, ...accounts.map(channelQtyColumn)]);
  let after: SortedKey | null = null;
  for (;;) {
    const rows = await products.exportBatch(organizationId, scope, after, EXPORT_BATCH_PRODUCTS);
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
        ...accounts.map((a) => r.channel_qty?.[a.id] ?? null),
      ]);
    }
    yield chunk;
    const last = rows[rows.length - 1]!;
    after = { value: last.cursor_value, id: last.product_id };
  }
}

/**
 * The products the list shows (its filters, in its order) as CSV, read in keyset batches while
 * the client downloads: the spec's columns, then what each connected account holds.
 */
export function exportProductsCsv(
  db: Db,
  organizationId: string,
  currency: Currency,
  scope: ExportScope,
): Readable {
  return Readable.from(lines(db, organizationId, currency, scope), { objectMode: false });
}
