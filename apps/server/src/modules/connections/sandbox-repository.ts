import type { Db } from '../../db/client';

/** A variant of ours listed on a connection, with the channel's reference to it. */
export interface SandboxListingRow {
  variant_id: string;
  product_id: string;
  product_title: string;
  variant_title: string;
  variant_count: number;
  sku: string;
  external_variant_id: string;
  channel_qty: number | null;
  is_synced: boolean;
}

/** How many listings the sandbox controls offer (a demo store, not a catalogue browser). */
export const SANDBOX_LISTINGS_LIMIT = 100;

/** Reads for the sandbox controls: which of our variants a connection lists. */
export class SandboxRepository {
  constructor(private readonly db: Db) {}

  private listings(organizationId: string, connectionId: string) {
    return this.db
      .selectFrom('channel_listings as cl')
      .innerJoin('product_variants as pv', 'pv.id', 'cl.variant_id')
      .innerJoin('products as p', 'p.id', 'pv.product_id')
      .where('cl.organization_id', '=', organizationId)
      .where('cl.connection_id', '=', connectionId)
      .select([
        'cl.variant_id',
        'pv.product_id',
        'p.title as product_title',
        'pv.title as variant_title',
        'p.variant_count',
        'pv.sku',
        'cl.external_variant_id',
        'cl.channel_qty',
        'p.is_synced',
      ]);
  }

  list(organizationId: string, connectionId: string): Promise<SandboxListingRow[]> {
    return this.listings(organizationId, connectionId)
      .orderBy('p.title')
      .orderBy('pv.position')
      .orderBy('cl.variant_id')
      .limit(SANDBOX_LISTINGS_LIMIT)
      .execute();
  }

  find(
    organizationId: string,
    connectionId: string,
    variantId: string,
  ): Promise<SandboxListingRow | undefined> {
    return this.listings(organizationId, connectionId)
      .where('cl.variant_id', '=', variantId)
      .executeTakeFirst();
  }
}
