import { sql } from 'kysely';
import type { Db } from '../../../db/client';
import type { Platform } from '../../../db/types';

export type ConflictKind =
  'duplicate_on_account' | 'mismatch' | 'belongs_to_other_variant' | 'blank';

export interface ConflictRow {
  kind: ConflictKind;
  sku: string;
  variant_id: string | null;
  other_variant_id: string | null;
  listing_ids: string[];
}

export interface ConflictVariant {
  id: string;
  product_id: string;
  product_title: string;
  title: string;
  sku: string;
}

export interface ConflictListing {
  listing_id: string;
  variant_id: string;
  connection_id: string;
  platform: Platform;
  account: string;
  channel_sku: string;
  product_title: string;
  variant_title: string;
  variant_sku: string;
}

/**
 * The organisation's SKU conflicts from what each listing's channel holds (channel_sku: read by
 * imports, set by write-backs; unknown listings are left out), as the triggers keep them in
 * sku_conflicts (docs/decisions/0057). A page walks the page index without reading rows up to
 * the page asked for, then reads its rows. A kind is its own statement text, not an `IS NULL OR`
 * test: our connections plan generically, and only then is the kind part of the index range.
 */
export class SkuConflictsRepository {
  constructor(private readonly db: Db) {}

  async page(
    organizationId: string,
    kind: ConflictKind | undefined,
    offset: number,
    limit: number,
  ): Promise<ConflictRow[]> {
    const { rows } = await sql<ConflictRow>`
      SELECT c.kind, c.sku, c.variant_id, c.other_variant_id, c.listing_ids
      FROM (
        SELECT kind, lower(sku) AS sort_sku, variant_id, first_listing_id FROM sku_conflicts
        WHERE organization_id = ${organizationId} ${kind ? sql`AND kind = ${kind}` : sql``}
        ORDER BY kind, lower(sku), variant_id, first_listing_id
        OFFSET ${offset} LIMIT ${limit}
      ) p
      JOIN sku_conflicts c ON c.first_listing_id = p.first_listing_id AND c.kind = p.kind
      ORDER BY p.kind, p.sort_sku, p.variant_id, p.first_listing_id`.execute(this.db);
    return rows;
  }

  /** Conflicts of each kind, as kept with them (kinds without any are absent). */
  async counts(organizationId: string): Promise<Partial<Record<ConflictKind, number>>> {
    const { rows } = await sql<{ kind: ConflictKind; n: number }>`
      SELECT kind, n FROM sku_conflict_counts
      WHERE organization_id = ${organizationId} AND n > 0`.execute(this.db);
    return Object.fromEntries(rows.map((r) => [r.kind, r.n]));
  }

  async variants(organizationId: string, ids: readonly string[]): Promise<ConflictVariant[]> {
    if (ids.length === 0) return [];
    return this.db
      .selectFrom('product_variants as v')
      .innerJoin('products as p', 'p.id', 'v.product_id')
      .select(['v.id', 'v.product_id', 'p.title as product_title', 'v.title', 'v.sku'])
      .where('v.organization_id', '=', organizationId)
      .where('v.id', 'in', ids)
      .execute();
  }

  async listings(organizationId: string, ids: readonly string[]): Promise<ConflictListing[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .selectFrom('channel_listings as cl')
      .innerJoin('platform_connections as pc', 'pc.id', 'cl.connection_id')
      .innerJoin('product_variants as v', 'v.id', 'cl.variant_id')
      .innerJoin('products as p', 'p.id', 'v.product_id')
      .select([
        'cl.id as listing_id',
        'cl.variant_id',
        'cl.connection_id',
        'pc.platform',
        'pc.alias as account',
        'cl.channel_sku',
        'p.title as product_title',
        'v.title as variant_title',
        'v.sku as variant_sku',
      ])
      .where('cl.organization_id', '=', organizationId)
      .where('cl.id', 'in', ids)
      .orderBy('pc.platform')
      .orderBy('pc.alias')
      .execute();
    return rows.map((r) => ({ ...r, channel_sku: r.channel_sku ?? '' }));
  }
}
