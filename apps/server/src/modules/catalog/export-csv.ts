import { Readable } from 'node:stream';
import { sql } from 'kysely';
import { productExportColumns } from '@stocksync/contract';
import type { Db } from '../../db/client';
import type { Currency } from '../../db/types';
import type { ListKey } from './products-repository';

/** Products read per query; their variants come with them. Memory stays flat at any size. */
export const EXPORT_BATCH_PRODUCTS = 500;

interface ExportRow {
  product_id: string;
  product_title: string;
  is_synced: boolean;
  created_at: string;
  variant_id: string | null;
  variant_title: string | null;
  sku: string | null;
  available_qty: number | null;
  cost_price: string | null;
  current_price: string | null;
}

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

/** Products after `after` in list order (newest first) with their variants, one row per variant. */
async function batch(db: Db, organizationId: string, after: ListKey | null): Promise<ExportRow[]> {
  const cursor = after
    ? sql`AND (p.created_at, p.id) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`
    : sql``;
  const { rows } = await sql<ExportRow>`
    SELECT p.id AS product_id, p.title AS product_title, p.is_synced,
           p.created_at::text AS created_at,
           v.id AS variant_id, v.title AS variant_title, v.sku, v.available_qty,
           v.cost_price, v.current_price
    FROM (
      SELECT id, title, is_synced, created_at
      FROM products p
      WHERE p.organization_id = ${organizationId} ${cursor}
      ORDER BY p.created_at DESC, p.id DESC
      LIMIT ${EXPORT_BATCH_PRODUCTS}
    ) p
    LEFT JOIN product_variants v ON v.product_id = p.id
    ORDER BY p.created_at DESC, p.id DESC, v.position, v.id`.execute(db);
  return rows;
}

async function* lines(db: Db, organizationId: string, currency: Currency) {
  yield csvLine(productExportColumns);
  let after: ListKey | null = null;
  for (;;) {
    const rows = await batch(db, organizationId, after);
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
        currency,
        r.is_synced,
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
