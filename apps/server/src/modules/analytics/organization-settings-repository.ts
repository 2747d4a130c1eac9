import { sql } from 'kysely';
import type { Currency } from '../../db/tables/organizations';

/** The organisation's currency and low-stock threshold, read by the summary's statement. */
export const organizationSettingsQueries = {
  settings: (organizationId: string) =>
    sql<{ currency: Currency; low_stock_threshold: number }>`
      SELECT currency, low_stock_threshold FROM organizations WHERE id = ${organizationId}`,

  /** The threshold alone, as the catalogue's figures take it (catalogueQuery). */
  lowStockThreshold: (organizationId: string) =>
    sql<number>`(SELECT low_stock_threshold FROM organizations WHERE id = ${organizationId})`,
};
