import { sql } from 'kysely';
import type { Db } from '../../../db/client';
import type { ListingState } from './fix-state-repository';

/** A listing with the variant it is linked to, as a link or unlink reads it. */
export type LinkedListing = Pick<
  ListingState,
  | 'listing_id'
  | 'connection_id'
  | 'platform'
  | 'account'
  | 'channel_sku'
  | 'variant_id'
  | 'product_title'
  | 'variant_title'
>;

/** Which variant a channel listing follows (channel_listings.variant_id; docs/decisions/0057). */
export class ListingLinksRepository {
  constructor(private readonly db: Db) {}

  /** The listing, locked until the transaction ends. */
  async lock(organizationId: string, listingId: string): Promise<LinkedListing | undefined> {
    const { rows } = await sql<LinkedListing>`
      SELECT cl.id AS listing_id, cl.connection_id, pc.platform, pc.alias AS account,
             cl.channel_sku, pv.id AS variant_id, p.title AS product_title,
             pv.title AS variant_title
      FROM channel_listings cl
      JOIN platform_connections pc ON pc.id = cl.connection_id
      JOIN product_variants pv ON pv.id = cl.variant_id
      JOIN products p ON p.id = pv.product_id
      WHERE cl.organization_id = ${organizationId} AND cl.id = ${listingId}
      FOR UPDATE OF cl`.execute(this.db);
    return rows[0];
  }

  async variant(organizationId: string, variantId: string) {
    const { rows } = await sql<{ id: string; product_title: string; title: string }>`
      SELECT pv.id, p.title AS product_title, pv.title FROM product_variants pv
      JOIN products p ON p.id = pv.product_id
      WHERE pv.organization_id = ${organizationId} AND pv.id = ${variantId}`.execute(this.db);
    return rows[0];
  }

  /** Whether the variant already has a listing on the connection (one each, a unique index). */
  async isListedOn(variantId: string, connectionId: string): Promise<boolean> {
    const { rows } = await sql`
      SELECT 1 FROM channel_listings
      WHERE connection_id = ${connectionId} AND variant_id = ${variantId}`.execute(this.db);
    return rows.length > 0;
  }

  /**
   * The listing follows another variant. A SKU still waiting to be sent to it was its old
   * variant's, so it is dropped.
   */
  async relink(listingId: string, variantId: string, now: Date): Promise<void> {
    await sql`
      UPDATE channel_listings SET variant_id = ${variantId}, updated_at = ${now}
      WHERE id = ${listingId}`.execute(this.db);
    await sql`
      DELETE FROM sku_pushes WHERE listing_id = ${listingId} AND status = 'queued'`.execute(
      this.db,
    );
  }

  /** StockSync stops following the listing (its SKU pushes go with it). */
  async remove(listingId: string): Promise<void> {
    await sql`DELETE FROM channel_listings WHERE id = ${listingId}`.execute(this.db);
  }
}
