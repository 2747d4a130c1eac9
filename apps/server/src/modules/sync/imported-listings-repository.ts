import { sql } from 'kysely';
import type { Db } from '../../db/client';
import type { StockMove } from '../catalog/imported-products';
import type { ImportedListing, SeededListing } from './imported-listings';

/**
 * Listings and stock history written in bulk by imports and demo seeds, as multi-row statements
 * over unnest arrays.
 */
export class ImportedListingsRepository {
  constructor(private readonly db: Db) {}

  /** Our variants listed on the connection under these external variant ids. */
  async byExternalVariant(connectionId: string, externalIds: readonly string[]) {
    if (externalIds.length === 0) return [];
    const { rows } = await sql<{ external_variant_id: string; variant_id: string }>`
      SELECT cl.external_variant_id, cl.variant_id
      FROM channel_listings cl
      WHERE cl.connection_id = ${connectionId}
        AND cl.external_variant_id = ANY(${[...externalIds]}::text[])`.execute(this.db);
    return rows;
  }

  /** These variants' listings on the connection: the external variant id of each. */
  async ofVariants(connectionId: string, variantIds: readonly string[]) {
    if (variantIds.length === 0) return [];
    const { rows } = await sql<{ variant_id: string; external_variant_id: string }>`
      SELECT variant_id, external_variant_id FROM channel_listings
      WHERE connection_id = ${connectionId}
        AND variant_id = ANY(${[...variantIds]}::uuid[])`.execute(this.db);
    return rows;
  }

  /** Our product (the first listed) for each of these external products on the connection. */
  async productsByExternalProduct(connectionId: string, externalIds: readonly string[]) {
    if (externalIds.length === 0) return [];
    const { rows } = await sql<{
      external_product_id: string;
      product_id: string;
      is_synced: boolean;
    }>`
      SELECT DISTINCT ON (cl.external_product_id) cl.external_product_id, p.id AS product_id,
             p.is_synced
      FROM channel_listings cl
      JOIN product_variants pv ON pv.id = cl.variant_id
      JOIN products p ON p.id = pv.product_id
      WHERE cl.connection_id = ${connectionId}
        AND cl.external_product_id = ANY(${[...externalIds]}::text[])
      ORDER BY cl.external_product_id, cl.created_at`.execute(this.db);
    return rows;
  }

  async analyze(): Promise<void> {
    await sql`ANALYZE channel_listings`.execute(this.db);
  }

  /** Outside a transaction: VACUUM cannot run in one. */
  async vacuum(): Promise<void> {
    await sql`VACUUM ANALYZE channel_listings`.execute(this.db);
  }

  /** A demo catalogue's listings (seedCatalog): new variants, so plain inserts. */
  async insertSeeded(organizationId: string, listings: readonly SeededListing[]): Promise<void> {
    if (listings.length === 0) return;
    const col = <T>(pick: (l: SeededListing) => T) => listings.map(pick);
    await sql`
      INSERT INTO channel_listings (organization_id, connection_id, variant_id,
                                    external_product_id, external_variant_id,
                                    external_inventory_item_id)
      SELECT ${organizationId}::uuid, connection_id, variant_id, ext_product, ext_variant, ext_item
      FROM unnest(${col((l) => l.connectionId)}::uuid[], ${col((l) => l.variantId)}::uuid[],
                  ${col((l) => l.externalProductId)}::text[],
                  ${col((l) => l.externalVariantId)}::text[],
                  ${col((l) => l.inventoryItemId)}::text[])
        AS t (connection_id, variant_id, ext_product, ext_variant, ext_item)`.execute(this.db);
  }

  /**
   * Stock history of an import or its undo: a variant's starting quantity keyed once per variant,
   * a change keyed per write (a re-import may change it again).
   */
  async recordStock(
    organizationId: string,
    connectionId: string,
    entry: { cause: 'import' | 'import_undo'; reference: string },
    moves: readonly StockMove[],
    now: Date,
  ): Promise<void> {
    if (moves.length === 0) return;
    await sql`
      INSERT INTO inventory_ledger (organization_id, variant_id, delta, qty_before, qty_after,
        cause, connection_id, reference, idempotency_key, created_at)
      SELECT ${organizationId}::uuid, id, qty_after - qty_before, qty_before, qty_after,
        ${entry.cause}, ${connectionId}::uuid, ${entry.reference},
        CASE WHEN first THEN 'import:' || id
             ELSE ${entry.cause} || ':' || id || ':' || gen_random_uuid() END,
        ${now}
      FROM unnest(${moves.map((m) => m.variantId)}::uuid[], ${moves.map((m) => m.qtyBefore)}::int[],
        ${moves.map((m) => m.qtyAfter)}::int[], ${moves.map((m) => m.first)}::boolean[])
        AS t (id, qty_before, qty_after, first)`.execute(this.db);
  }

  /** Upserts the listings on (connection, external variant id); answers the ids it inserted. */
  async upsert(
    organizationId: string,
    connectionId: string,
    listings: readonly ImportedListing[],
    now: Date,
  ): Promise<string[]> {
    if (listings.length === 0) return [];
    const col = <T>(pick: (l: ImportedListing) => T) => listings.map(pick);
    const { rows } = await sql<{ id: string; inserted: boolean }>`
      INSERT INTO channel_listings (organization_id, connection_id, variant_id, external_product_id,
        external_variant_id, external_inventory_item_id, channel_qty, confirmed_at, created_at,
        updated_at, price, currency, channel_sku)
      SELECT ${organizationId}::uuid, ${connectionId}::uuid, variant_id, external_product_id,
        external_variant_id, inventory_item_id, qty, ${now}, ${now}, ${now}, price, currency,
        channel_sku
      FROM unnest(${col((l) => l.variantId)}::uuid[], ${col((l) => l.externalProductId)}::text[],
        ${col((l) => l.externalVariantId)}::text[], ${col((l) => l.inventoryItemId)}::text[],
        ${col((l) => l.qty)}::int[], ${col((l) => l.price ?? null)}::numeric[],
        ${col((l) => l.currency ?? null)}::text[], ${col((l) => l.channelSku ?? null)}::text[])
        AS t (variant_id, external_product_id, external_variant_id, inventory_item_id, qty, price,
              currency, channel_sku)
      ON CONFLICT (connection_id, external_variant_id) DO UPDATE
      SET variant_id = excluded.variant_id,
          external_product_id = excluded.external_product_id,
          external_inventory_item_id = excluded.external_inventory_item_id,
          -- The channel's price, in its currency, as this import read it.
          price = coalesce(excluded.price, channel_listings.price),
          currency = coalesce(excluded.currency, channel_listings.currency),
          -- The SKU the channel holds, as this import read it (ADR 0055).
          channel_sku = coalesce(excluded.channel_sku, channel_listings.channel_sku),
          -- What we know the channel holds moves with the import only while the product is not
          -- synced; for a synced one a difference is a change on the channel, for sync to apply.
          channel_qty = CASE
            WHEN (SELECT p.is_synced FROM product_variants pv JOIN products p ON p.id = pv.product_id
                  WHERE pv.id = excluded.variant_id) THEN channel_listings.channel_qty
            ELSE excluded.channel_qty END,
          -- The channel's time of that quantity is not known from an import (migration 0014).
          channel_at = CASE
            WHEN (SELECT p.is_synced FROM product_variants pv JOIN products p ON p.id = pv.product_id
                  WHERE pv.id = excluded.variant_id) THEN channel_listings.channel_at
            END,
          updated_at = excluded.updated_at
      RETURNING id, (xmax = 0) AS inserted`.execute(this.db);
    return rows.filter((r) => r.inserted).map((r) => r.id);
  }
}
