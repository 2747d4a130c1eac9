import type { Db } from '../../db/client';
import type { Platform } from '../../db/types';

/** A connection that lists one of the product's variants: a possible source. */
export interface SourceCandidate {
  pc_id: string;
  platform: Platform;
  alias: string;
}

/** products.source_connection_id (ADR 0053): the connection whose re-imports update a product. */
export class ProductSourceRepository {
  constructor(private readonly db: Db) {}

  /** The product's title and source (locked when `lock`), or undefined outside the organisation. */
  product(organizationId: string, productId: string, lock: boolean) {
    const query = this.db
      .selectFrom('products')
      .select(['title', 'source_connection_id'])
      .where('organization_id', '=', organizationId)
      .where('id', '=', productId);
    return (lock ? query.forUpdate() : query).executeTakeFirst();
  }

  /** The connections holding a listing of one of the product's variants. */
  candidates(organizationId: string, productId: string): Promise<SourceCandidate[]> {
    return this.db
      .selectFrom('channel_listings as cl')
      .innerJoin('product_variants as pv', 'pv.id', 'cl.variant_id')
      .innerJoin('platform_connections as pc', 'pc.id', 'cl.connection_id')
      .select(['pc.id as pc_id', 'pc.platform', 'pc.alias'])
      .distinct()
      .where('pv.organization_id', '=', organizationId)
      .where('pv.product_id', '=', productId)
      .orderBy('pc.platform')
      .orderBy('pc.alias')
      .execute();
  }

  async setSource(productId: string, connectionId: string, now: Date): Promise<void> {
    await this.db
      .updateTable('products')
      .set({ source_connection_id: connectionId, updated_at: now })
      .where('id', '=', productId)
      .execute();
  }
}
