import { sql } from 'kysely';
import type { Db } from '../../db/client';

/**
 * Moves the stock changes appended since the last fold (analytics_stock_pending) into the stock
 * buckets (definitions/analytics_stock_fold.sql, docs/decisions/0045), all in one statement.
 * Returns how many changes were moved.
 */
export class StockFoldRepository {
  constructor(private readonly db: Db) {}

  async fold(): Promise<number> {
    const { rows } = await sql<{ folded: number }>`
      SELECT analytics_stock_fold() AS folded`.execute(this.db);
    return rows[0]!.folded;
  }
}
