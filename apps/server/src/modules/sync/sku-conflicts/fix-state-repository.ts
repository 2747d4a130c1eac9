import { sql } from 'kysely';
import type { Db } from '../../../db/client';
import type { Platform } from '../../../db/types';

/** A listing as a fix finds it now: its variant, and the variant its channel SKU belongs to. */
export interface ListingState {
  listing_id: string;
  connection_id: string;
  platform: Platform;
  account: string;
  channel_sku: string | null;
  variant_id: string;
  product_id: string;
  product_title: string;
  variant_title: string;
  variant_sku: string;
  owner_id: string | null;
  owner_product_title: string | null;
  owner_title: string | null;
}

/** What conflict fixes read before deciding (docs/decisions/0057). */
export class SkuFixStateRepository {
  constructor(private readonly db: Db) {}

  /** These listings of the organisation as they are now (unknown ids are left out). */
  async listings(organizationId: string, ids: readonly string[]): Promise<ListingState[]> {
    if (ids.length === 0) return [];
    const { rows } = await sql<ListingState>`
      SELECT cl.id AS listing_id, cl.connection_id, pc.platform, pc.alias AS account,
             cl.channel_sku, pv.id AS variant_id, pv.product_id, p.title AS product_title,
             pv.title AS variant_title, pv.sku AS variant_sku, ov.id AS owner_id,
             op.title AS owner_product_title, ov.title AS owner_title
      FROM channel_listings cl
      JOIN platform_connections pc ON pc.id = cl.connection_id
      JOIN product_variants pv ON pv.id = cl.variant_id
      JOIN products p ON p.id = pv.product_id
      LEFT JOIN product_variants ov ON ov.organization_id = ${organizationId} AND ov.sku <> ''
        AND cl.channel_sku <> '' AND lower(ov.sku) = lower(cl.channel_sku)
      LEFT JOIN products op ON op.id = ov.product_id
      WHERE cl.organization_id = ${organizationId} AND cl.id = ANY(${[...ids]}::uuid[])
      ORDER BY pc.platform, pc.alias, cl.id`.execute(this.db);
    return rows;
  }

  /** The variants without a SKU of these products: what generating SKUs for them fills. */
  async withoutSku(organizationId: string, productIds: readonly string[]) {
    if (productIds.length === 0) return [];
    const { rows } = await sql<{
      id: string;
      product_id: string;
      product_title: string;
      title: string;
    }>`
      SELECT pv.id, pv.product_id, p.title AS product_title, pv.title FROM product_variants pv
      JOIN products p ON p.id = pv.product_id
      WHERE pv.organization_id = ${organizationId} AND pv.sku = ''
        AND pv.product_id = ANY(${[...productIds]}::uuid[])
      ORDER BY p.title, pv.position, pv.id`.execute(this.db);
    return rows;
  }
}
