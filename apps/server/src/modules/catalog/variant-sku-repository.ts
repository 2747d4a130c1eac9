import { sql } from 'kysely';
import type { Db } from '../../db/client';

/** A variant's SKU typed by hand (docs/decisions/0055). */
export class VariantSkuRepository {
  constructor(private readonly db: Db) {}

  /** The other variant of the organisation holding this SKU, ignoring case (its unique index). */
  async holder(
    organizationId: string,
    sku: string,
    exceptVariantId: string,
  ): Promise<{ id: string; title: string; product_title: string } | undefined> {
    return this.db
      .selectFrom('product_variants as v')
      .innerJoin('products as p', 'p.id', 'v.product_id')
      .select(['v.id', 'v.title', 'p.title as product_title'])
      .where('v.organization_id', '=', organizationId)
      .where(sql<string>`lower(v.sku)`, '=', sku.toLowerCase())
      .where('v.sku', '<>', '')
      .where('v.id', '<>', exceptVariantId)
      .executeTakeFirst();
  }

  async setSku(organizationId: string, variantId: string, sku: string, now: Date): Promise<void> {
    await this.db
      .updateTable('product_variants')
      .set({ sku, updated_at: now })
      .where('organization_id', '=', organizationId)
      .where('id', '=', variantId)
      .execute();
  }
}
