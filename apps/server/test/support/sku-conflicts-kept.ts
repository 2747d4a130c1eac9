import { sql } from 'kysely';
import type { Db } from '../../src/db/client';

export interface KeptConflict {
  kind: string;
  sku: string;
  variant_id: string | null;
  other_variant_id: string | null;
  listing_ids: string[];
}

const order = (rows: KeptConflict[]) =>
  rows
    .map((r) => ({ ...r, listing_ids: [...r.listing_ids].sort() }))
    .sort((a, b) => `${a.kind}:${a.listing_ids}`.localeCompare(`${b.kind}:${b.listing_ids}`));

/** The organisation's SKU conflicts as the triggers kept them (sku_conflicts). */
export async function keptConflicts(db: Db, organizationId: string) {
  const { rows } = await sql<KeptConflict>`
    SELECT kind, sku, variant_id, other_variant_id, listing_ids FROM sku_conflicts
    WHERE organization_id = ${organizationId}`.execute(db);
  return order(rows);
}

/** The conflicts of each kind as kept (sku_conflict_counts), kinds without any left out. */
export async function keptCounts(db: Db, organizationId: string) {
  const { rows } = await sql<{ kind: string; n: number }>`
    SELECT kind, n FROM sku_conflict_counts WHERE organization_id = ${organizationId} AND n > 0`.execute(
    db,
  );
  return Object.fromEntries(rows.map((r) => [r.kind, r.n]));
}

/** The conflicts of each kind among these. */
export function countsOf(rows: KeptConflict[]) {
  const counts: Record<string, number> = {};
  for (const row of rows) counts[row.kind] = (counts[row.kind] ?? 0) + 1;
  return counts;
}

/**
 * The organisation's SKU conflicts read from every listing, as GET /v1/sku-conflicts did before
 * they were kept (docs/decisions/0057): what the kept ones must equal after any change.
 */
export async function conflictsFromListings(db: Db, organizationId: string) {
  const { rows } = await sql<KeptConflict>`
    WITH l AS (
      SELECT cl.id, cl.variant_id, cl.connection_id, cl.channel_sku FROM channel_listings cl
      WHERE cl.organization_id = ${organizationId} AND cl.channel_sku IS NOT NULL
    ),
    owner AS (
      SELECT l.id, ov.id AS other_id FROM l
      JOIN product_variants ov ON ov.organization_id = ${organizationId} AND ov.sku <> ''
        AND lower(ov.sku) = lower(l.channel_sku)
      WHERE l.channel_sku <> ''
    )
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
    GROUP BY v.id, v.sku`.execute(db);
  return order(rows);
}
