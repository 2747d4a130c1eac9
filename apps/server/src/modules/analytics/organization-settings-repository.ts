import { sql } from 'kysely';
import type { Db } from '../../db/client';
import type { Currency } from '../../db/tables/organizations';

/** The organisation's currency and low-stock threshold, read where the figures are computed. */
export async function organizationSettings(
  db: Db,
  organizationId: string,
): Promise<{ currency: Currency; lowStockThreshold: number } | null> {
  const { rows } = await sql<{ currency: Currency; low_stock_threshold: number }>`
    SELECT currency, low_stock_threshold FROM organizations WHERE id = ${organizationId}`.execute(
    db,
  );
  const row = rows[0];
  return row ? { currency: row.currency, lowStockThreshold: row.low_stock_threshold } : null;
}
