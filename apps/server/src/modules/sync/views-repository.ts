import { sql, type RawBuilder } from 'kysely';
import type { LedgerEntry, SyncPreviewChange, VariantListing } from '@stocksync/contract';
import type { Db } from '../../db/client';

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** Read models of sync for the API: listings of a product, its ledger, the sync-on preview. */
export class SyncViewsRepository {
  constructor(private readonly db: Db) {}

  async productExists(organizationId: string, productId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('products')
      .select('id')
      .where('organization_id', '=', organizationId)
      .where('id', '=', productId)
      .executeTakeFirst();
    return row !== undefined;
  }

  async countProducts(organizationId: string, ids: readonly string[]): Promise<number> {
    const row = await this.db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('organization_id', '=', organizationId)
      .where('id', 'in', ids)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async listings(
    organizationId: string,
    productId: string,
  ): Promise<Array<VariantListing & { variant_id: string }>> {
    const { rows } = await sql<{
      id: string;
      variant_id: string;
      pc_id: string;
      platform: VariantListing['platform'];
      alias: string;
      sync_enabled: boolean;
      status: VariantListing['status'];
      channel_qty: number | null;
      confirmed_at: Date | null;
      push_pending: boolean;
      price: string | null;
      currency: string | null;
    }>`
      SELECT cl.id, cl.variant_id, pc.id AS pc_id, pc.platform, pc.alias, pc.sync_enabled,
             pc.status, cl.channel_qty, cl.confirmed_at, cl.push_pending,
             cl.price::text AS price, cl.currency
      FROM channel_listings cl
      JOIN product_variants pv ON pv.id = cl.variant_id
      JOIN platform_connections pc ON pc.id = cl.connection_id
      WHERE pv.organization_id = ${organizationId} AND pv.product_id = ${productId}
      ORDER BY pv.position, pv.id, pc.platform, pc.alias`.execute(this.db);
    return rows.map((r) => ({ ...r, confirmed_at: iso(r.confirmed_at) }));
  }

  async ledgerPage(
    organizationId: string,
    productId: string,
    offset: number,
    limit: number,
  ): Promise<{ entries: LedgerEntry[]; total: number }> {
    const [entries, count] = await Promise.all([
      this.ledgerEntries(organizationId, sql`pv.product_id = ${productId}`, offset, limit),
      sql<{ n: string }>`
        SELECT count(*) AS n FROM inventory_ledger l
        JOIN product_variants pv ON pv.id = l.variant_id
        WHERE l.organization_id = ${organizationId} AND pv.product_id = ${productId}`.execute(
        this.db,
      ),
    ]);
    return { entries, total: Number(count.rows[0]?.n ?? 0) };
  }

  /** The variant's latest ledger entries, newest first. */
  variantLedger(organizationId: string, variantId: string, limit: number): Promise<LedgerEntry[]> {
    return this.ledgerEntries(organizationId, sql`l.variant_id = ${variantId}`, 0, limit);
  }

  /** Ledger entries of the organisation that meet `condition`, newest first. */
  private async ledgerEntries(
    organizationId: string,
    condition: RawBuilder<unknown>,
    offset: number,
    limit: number,
  ): Promise<LedgerEntry[]> {
    const { rows } = await sql<Omit<LedgerEntry, 'created_at'> & { created_at: Date }>`
      SELECT l.id::text AS id, l.variant_id, pv.title AS variant_title, pv.sku, l.delta,
             l.qty_before, l.qty_after, l.cause, pc.platform, pc.alias, l.reference,
             CASE WHEN l.cause = 'order' THEN coalesce(n.name, l.reference) END AS order_name,
             u.email AS user_email, l.created_at
      FROM inventory_ledger l
      JOIN product_variants pv ON pv.id = l.variant_id
      LEFT JOIN platform_connections pc ON pc.id = l.connection_id
      LEFT JOIN channel_order_names n
        ON n.connection_id = l.connection_id AND n.order_id = l.reference
      LEFT JOIN users u ON u.id = l.user_id
      WHERE l.organization_id = ${organizationId} AND ${condition}
      ORDER BY l.id DESC
      OFFSET ${offset} LIMIT ${limit}`.execute(this.db);
    return rows.map((r) => ({
      ...r,
      platform: r.platform ?? null,
      alias: r.alias ?? null,
      created_at: r.created_at.toISOString(),
    }));
  }

  /**
   * Every listing of the products on an active, sync-enabled account, with the master and whether
   * the channel already holds what it should (stock_channel_target).
   */
  async alignmentRows(
    organizationId: string,
    productIds: readonly string[],
  ): Promise<Array<SyncPreviewChange & { aligned: boolean }>> {
    const { rows } = await sql<SyncPreviewChange & { aligned: boolean }>`
      SELECT p.id AS product_id, p.title AS product_title, pv.id AS variant_id,
             pv.title AS variant_title, pv.sku, pv.available_qty AS master_qty, pc.id AS pc_id,
             pc.platform, pc.alias, cl.channel_qty,
             cl.channel_qty IS NOT DISTINCT FROM stock_channel_target(pv.available_qty) AS aligned
      FROM products p
      JOIN product_variants pv ON pv.product_id = p.id
      JOIN channel_listings cl ON cl.variant_id = pv.id
      JOIN platform_connections pc ON pc.id = cl.connection_id
      WHERE p.organization_id = ${organizationId} AND p.id = ANY(${productIds}::uuid[])
        AND pc.status = 'active' AND pc.sync_enabled
      ORDER BY p.title, p.id, pv.position, pv.id, pc.platform, pc.alias`.execute(this.db);
    return rows;
  }
}
