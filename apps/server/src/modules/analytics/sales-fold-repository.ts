import { sql } from 'kysely';
import type { Db } from '../../db/client';

/** Pending sales moved per statement: each batch is one short transaction. */
const BATCH = 10_000;

/**
 * Moves the sales recorded since the last fold (analytics_sales_pending) into the aggregates
 * (definitions/analytics_sales_fold.sql, docs/decisions/0059), a batch per statement, until none
 * is left. Returns how many were moved.
 */
export class SalesFoldRepository {
  constructor(private readonly db: Db) {}

  async foldAll(batch = BATCH): Promise<number> {
    let total = 0;
    for (;;) {
      const { rows } = await sql<{ folded: number }>`
        SELECT analytics_sales_fold(${batch}::integer) AS folded`.execute(this.db);
      const folded = rows[0]!.folded;
      total += folded;
      if (folded < batch) return total;
    }
  }
}
