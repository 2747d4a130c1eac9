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
  total: string;
  /** Conflicts of each kind, whatever the filter (kinds without any are absent). */
  counts: Partial<Record<ConflictKind, number>>;
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
 * imports, set by write-backs; unknown listings are left out). One statement per page: listings
 * are read once, matches with variants go through the (organisation, lower(sku)) unique index.
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
      WITH l AS (
        SELECT cl.id, cl.variant_id, cl.connection_id, cl.channel_sku FROM channel_listings cl
        WHERE cl.organization_id = ${organizationId} AND cl.channel_sku IS NOT NULL
      ),
      owner AS (
        SELECT l.id, ov.id AS other_id FROM l
        JOIN product_variants ov ON ov.organization_id = ${organizationId} AND ov.sku <> ''
          AND lower(ov.sku) = lower(l.channel_sku)
        WHERE l.channel_sku <> ''
      ),
      found AS (
        SELECT 'duplicate_on_account' AS kind, min(l.channel_sku) AS sku, NULL::uuid AS variant_id,
               NULL::uuid AS other_variant_id, array_agg(l.id ORDER BY l.id) AS listing_ids
        FROM l WHERE l.channel_sku <> '' GROUP BY l.connection_id, lower(l.channel_sku)
        HAVING count(*) > 1
        UNION ALL
        SELECT 'belongs_to_other_variant', l.channel_sku, l.variant_id, o.other_id, ARRAY[l.id]
        FROM l JOIN owner o ON o.id = l.id WHERE o.other_id <> l.variant_id
        UNION ALL
        SELECT 'mismatch', v.sku, v.id, NULL, array_agg(l.id ORDER BY l.id)
        FROM l JOIN product_variants v ON v.id = l.variant_id
        WHERE v.sku <> '' AND l.channel_sku <> '' AND lower(l.channel_sku) <> lower(v.sku)
          AND NOT EXISTS (SELECT 1 FROM owner o WHERE o.id = l.id)
        GROUP BY v.id, v.sku
        UNION ALL
        SELECT 'blank', v.sku, v.id, NULL, array_agg(l.id ORDER BY l.id)
        FROM l JOIN product_variants v ON v.id = l.variant_id
        WHERE v.sku = '' OR l.channel_sku = ''
        GROUP BY v.id, v.sku
      )
      SELECT kind, sku, variant_id, other_variant_id, listing_ids, count(*) OVER () AS total,
             (SELECT json_object_agg(k.kind, k.n)
              FROM (SELECT kind, count(*) AS n FROM found GROUP BY kind) k) AS counts
      FROM found WHERE ${kind ?? null}::text IS NULL OR kind = ${kind ?? null}::text
      ORDER BY kind, lower(sku), variant_id, listing_ids
      OFFSET ${offset} LIMIT ${limit}`.execute(this.db);
    return rows;
  }

  /** Conflicts of each kind (for a page past the end, which has no row to carry them). */
  async counts(organizationId: string): Promise<Partial<Record<ConflictKind, number>>> {
    const rows = await this.page(organizationId, undefined, 0, 1);
    return rows[0]?.counts ?? {};
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
