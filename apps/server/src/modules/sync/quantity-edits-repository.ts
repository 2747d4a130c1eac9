import { sql } from 'kysely';
import type { Db } from '../../db/client';

/** What a seller's checked quantity edit reads first: the variant's master, locked. */
export class QuantityEditsRepository {
  constructor(private readonly db: Db) {}

  /**
   * The variant's master quantity, its row locked until the transaction ends (as
   * stock_apply_change locks it): no sale can land between this read and the edit.
   */
  async lockQuantity(organizationId: string, variantId: string): Promise<number | undefined> {
    const { rows } = await sql<{ available_qty: number }>`
      SELECT available_qty FROM product_variants
      WHERE id = ${variantId} AND organization_id = ${organizationId}
      FOR UPDATE`.execute(this.db);
    return rows[0]?.available_qty;
  }
}
