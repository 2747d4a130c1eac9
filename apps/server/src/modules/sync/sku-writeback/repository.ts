import { sql } from 'kysely';
import type { Db } from '../../../db/client';
import type { Platform } from '../../../db/types';

/** A listing of a variant, with what a write-back needs to decide and to show. */
export interface WritebackListing {
  listing_id: string;
  variant_id: string;
  variant_title: string;
  product_title: string;
  sku: string;
  connection_id: string;
  platform: Platform;
  account: string;
  external_variant_id: string;
  channel_sku: string | null;
  last_sku: string | null;
  last_status: 'queued' | 'pushed' | 'refused' | 'failed' | null;
  last_message: string | null;
  last_at: Date | null;
}

/** A queued SKU with the listing refs the adapter needs. */
export interface QueuedSku {
  id: string;
  listing_id: string;
  sku: string;
  attempts: number;
  external_product_id: string;
  external_variant_id: string;
  external_inventory_item_id: string | null;
}

/** sku_pushes and channel_listings.channel_sku (docs/decisions/0055). */
export class SkuWritebackRepository {
  constructor(private readonly db: Db) {}

  async countVariants(organizationId: string, variantIds: readonly string[]): Promise<number> {
    const row = await this.db
      .selectFrom('product_variants')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('organization_id', '=', organizationId)
      .where('id', 'in', variantIds)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Every listing of the variants, each with its latest write-back (one index probe each). */
  async listings(
    organizationId: string,
    variantIds: readonly string[],
  ): Promise<WritebackListing[]> {
    const { rows } = await sql<WritebackListing>`
      SELECT cl.id AS listing_id, pv.id AS variant_id, pv.title AS variant_title,
             p.title AS product_title, pv.sku, pc.id AS connection_id, pc.platform,
             pc.alias AS account, cl.external_variant_id, cl.channel_sku,
             last.sku AS last_sku, last.status AS last_status, last.message AS last_message,
             last.updated_at AS last_at
      FROM product_variants pv
      JOIN products p ON p.id = pv.product_id
      JOIN channel_listings cl ON cl.variant_id = pv.id
      JOIN platform_connections pc ON pc.id = cl.connection_id
      LEFT JOIN LATERAL (
        SELECT sp.sku, sp.status, sp.message, sp.updated_at FROM sku_pushes sp
        WHERE sp.listing_id = cl.id ORDER BY sp.created_at DESC LIMIT 1
      ) last ON true
      WHERE pv.organization_id = ${organizationId}
        AND pv.id = ANY(${[...variantIds]}::uuid[])
      ORDER BY p.title, pv.position, pv.id, pc.platform, pc.alias`.execute(this.db);
    return rows;
  }

  /** Queues the SKUs; a listing's unsent SKU from an earlier confirmation is replaced. */
  async queue(
    organizationId: string,
    rows: ReadonlyArray<{ connectionId: string; listingId: string; sku: string }>,
    now: Date,
  ): Promise<void> {
    if (rows.length === 0) return;
    const listingIds = rows.map((r) => r.listingId);
    await this.db
      .deleteFrom('sku_pushes')
      .where('organization_id', '=', organizationId)
      .where('listing_id', 'in', listingIds)
      .where('status', '=', 'queued')
      .execute();
    await this.db
      .insertInto('sku_pushes')
      .values(
        rows.map((r) => ({
          organization_id: organizationId,
          connection_id: r.connectionId,
          listing_id: r.listingId,
          sku: r.sku,
          status: 'queued' as const,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
  }

  async queued(connectionId: string): Promise<QueuedSku[]> {
    return this.db
      .selectFrom('sku_pushes as sp')
      .innerJoin('channel_listings as cl', 'cl.id', 'sp.listing_id')
      .select([
        'sp.id',
        'sp.listing_id',
        'sp.sku',
        'sp.attempts',
        'cl.external_product_id',
        'cl.external_variant_id',
        'cl.external_inventory_item_id',
      ])
      .where('sp.connection_id', '=', connectionId)
      .where('sp.status', '=', 'queued')
      .orderBy('sp.created_at')
      .execute();
  }

  /** The channel took the SKU: the listing now holds it. */
  async pushed(push: QueuedSku, now: Date): Promise<void> {
    await this.db
      .updateTable('sku_pushes')
      .set((eb) => ({
        status: 'pushed',
        message: null,
        attempts: eb('attempts', '+', 1),
        updated_at: now,
      }))
      .where('id', '=', push.id)
      .execute();
    await this.db
      .updateTable('channel_listings')
      .set({ channel_sku: push.sku })
      .where('id', '=', push.listing_id)
      .execute();
  }

  /** Refused or failed for good, or (queued) to be tried again; the message says why. */
  async settle(
    id: string,
    status: 'queued' | 'refused' | 'failed',
    message: string,
    now: Date,
  ): Promise<void> {
    await this.db
      .updateTable('sku_pushes')
      .set((eb) => ({ status, message, attempts: eb('attempts', '+', 1), updated_at: now }))
      .where('id', '=', id)
      .execute();
  }
}
