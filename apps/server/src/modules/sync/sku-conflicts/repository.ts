import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../../db/client';
import type { Platform } from '../../../db/types';

export type ConflictKind =
  'duplicate_on_account' | 'mismatch' | 'belongs_to_other_variant' | 'blank';

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

/** A kept conflict with its variants and its listings (in the order it keeps them). */
export interface ConflictRow {
  kind: ConflictKind;
  sku: string;
  listing_ids: string[];
  variant: ConflictVariant | null;
  other_variant: ConflictVariant | null;
  listings: ConflictListing[];
}

export interface ConflictPage {
  rows: ConflictRow[];
  /** Conflicts of each kind, whatever the kind asked for (kinds without any are absent). */
  counts: Partial<Record<ConflictKind, number>>;
}

/** The one row an empty page answers carries the counts alone. */
type PageRow = Omit<ConflictRow, 'kind'> & {
  kind: ConflictKind | null;
  counts: ConflictPage['counts'] | null;
};

/** A variant of the organisation with its product's title, as JSON (null if none). */
const variantJson = (organizationId: string, id: RawBuilder<unknown>) => sql`(
  SELECT json_build_object('id', v.id, 'product_id', v.product_id, 'product_title', pr.title,
    'title', v.title, 'sku', v.sku)
  FROM product_variants v JOIN products pr ON pr.id = v.product_id
  WHERE v.id = ${id} AND v.organization_id = ${organizationId})`;

/**
 * The organisation's SKU conflicts from what each listing's channel holds (channel_sku: read by
 * imports, set by write-backs; unknown listings are left out), as the triggers keep them in
 * sku_conflicts with their counts in sku_conflict_counts (docs/decisions/0057).
 */
export class SkuConflictsRepository {
  constructor(private readonly db: Db) {}

  /**
   * A page and the counts in one statement (each round trip cost the server more than its
   * statement). The counts say where each kind starts, so a page walks the page index without
   * reading rows from there only, within the kinds it spans, then reads its rows by key: an
   * explicit nested loop (LATERAL … LIMIT 1, SubPlans), since the generic plans our connections
   * use guess a tenth of the index for a LIMIT parameter and hash-joined every conflict.
   */
  async page(
    organizationId: string,
    kind: ConflictKind | undefined,
    offset: number,
    limit: number,
  ): Promise<ConflictPage> {
    const { rows } = await sql<PageRow>`
      WITH counts AS (
        SELECT kind, n FROM sku_conflict_counts WHERE organization_id = ${organizationId} AND n > 0
      ), kinds AS (
        SELECT kind, n, sum(n) OVER (ORDER BY kind) - n AS before FROM counts
        WHERE ${kind ?? null}::text IS NULL OR kind = ${kind ?? null}::text
      ), page AS (
        SELECT p.kind, p.sort_sku, p.variant_id, p.first_listing_id
        FROM kinds k
        CROSS JOIN LATERAL (
          SELECT kind, lower(sku) AS sort_sku, variant_id, first_listing_id FROM sku_conflicts
          WHERE organization_id = ${organizationId} AND kind = k.kind
          ORDER BY lower(sku), variant_id, first_listing_id
          OFFSET greatest(${offset}::bigint - k.before, 0) LIMIT ${limit}::bigint
        ) p
        WHERE k.before < ${offset}::bigint + ${limit}::bigint
          AND k.before + k.n > ${offset}::bigint
        ORDER BY p.kind, p.sort_sku, p.variant_id, p.first_listing_id
        LIMIT ${limit}::bigint
      )
      SELECT t.counts, c.kind, c.sku, c.listing_ids,
        ${variantJson(organizationId, sql`c.variant_id`)} AS variant,
        ${variantJson(organizationId, sql`c.other_variant_id`)} AS other_variant,
        (SELECT coalesce(json_agg(json_build_object('listing_id', cl.id,
            'variant_id', cl.variant_id, 'connection_id', cl.connection_id,
            'platform', pc.platform, 'account', pc.alias,
            'channel_sku', coalesce(cl.channel_sku, ''), 'product_title', pr.title,
            'variant_title', v.title, 'variant_sku', v.sku) ORDER BY u.ord), '[]')
         FROM unnest(c.listing_ids) WITH ORDINALITY u (id, ord)
         JOIN channel_listings cl ON cl.id = u.id AND cl.organization_id = ${organizationId}
         JOIN platform_connections pc ON pc.id = cl.connection_id
         JOIN product_variants v ON v.id = cl.variant_id
         JOIN products pr ON pr.id = v.product_id) AS listings
      FROM (SELECT json_object_agg(kind, n) AS counts FROM counts) t
      LEFT JOIN (
        page p CROSS JOIN LATERAL (
          SELECT * FROM sku_conflicts c
          WHERE c.first_listing_id = p.first_listing_id AND c.kind = p.kind LIMIT 1
        ) c
      ) ON true
      ORDER BY p.kind, p.sort_sku, p.variant_id, p.first_listing_id`.execute(this.db);
    return {
      counts: rows[0]?.counts ?? {},
      rows: rows.filter((r): r is PageRow & ConflictRow => r.kind !== null),
    };
  }
}
