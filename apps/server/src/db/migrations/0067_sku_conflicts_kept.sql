-- SKU conflicts kept as they change (issue 25 item 2, docs/decisions/0057): reading them from
-- every listing of the organisation took seconds a page at 100,000 products. One row per conflict
-- (the shape GET /v1/sku-conflicts answers), rewritten by the triggers of
-- definitions/sku_conflicts_*.sql for what a statement changed.
CREATE TABLE sku_conflicts (
  organization_id uuid NOT NULL,
  kind text NOT NULL
    CHECK (kind IN ('duplicate_on_account', 'mismatch', 'belongs_to_other_variant', 'blank')),
  sku text NOT NULL,
  -- Mismatches, blanks and listings carrying another variant's SKU: the listings' variant.
  variant_id uuid,
  other_variant_id uuid,
  -- Duplicates: the account the listings share a SKU on.
  connection_id uuid,
  listing_ids uuid[] NOT NULL CHECK (cardinality(listing_ids) > 0),
  -- A listing is in one conflict of each kind at most: the first names the conflict.
  first_listing_id uuid GENERATED ALWAYS AS (listing_ids[1]) STORED,
  PRIMARY KEY (first_listing_id, kind),
  CHECK ((kind = 'duplicate_on_account') = (variant_id IS NULL)),
  CHECK ((kind = 'duplicate_on_account') = (connection_id IS NOT NULL))
);
-- The page order, read without the rows (index-only) up to the page asked for.
CREATE INDEX sku_conflicts_page_idx
  ON sku_conflicts (organization_id, kind, lower(sku), variant_id, first_listing_id) INCLUDE (sku);
CREATE INDEX sku_conflicts_variant_idx ON sku_conflicts (variant_id) WHERE variant_id IS NOT NULL;
CREATE INDEX sku_conflicts_duplicate_idx
  ON sku_conflicts (connection_id, lower(sku)) WHERE connection_id IS NOT NULL;

-- What a statement changed and the conflicts it may touch, until its transaction commits (a
-- deferred trigger then rewrites them): variants whose conflicts are read again, (account, SKU)
-- pairs whose duplicates are, and SKUs whose owner changed (their listings' variants are).
-- Rows live within one transaction only.
CREATE UNLOGGED TABLE sku_conflicts_stale (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  organization_id uuid NOT NULL,
  variant_ids uuid[] NOT NULL DEFAULT '{}',
  duplicate_connections uuid[] NOT NULL DEFAULT '{}',
  duplicate_skus text[] NOT NULL DEFAULT '{}',
  owner_skus text[] NOT NULL DEFAULT '{}'
);

-- The conflicts of the data there is, as GET /v1/sku-conflicts read them until now.
WITH l AS (
  SELECT cl.organization_id, cl.id, cl.variant_id, cl.connection_id, cl.channel_sku,
         v.sku AS variant_sku, ov.id AS owner_id
  FROM channel_listings cl
  JOIN product_variants v ON v.id = cl.variant_id
  LEFT JOIN product_variants ov ON ov.organization_id = cl.organization_id AND ov.sku <> ''
    AND cl.channel_sku <> '' AND lower(ov.sku) = lower(cl.channel_sku)
  WHERE cl.channel_sku IS NOT NULL
)
INSERT INTO sku_conflicts
  (organization_id, kind, sku, variant_id, other_variant_id, connection_id, listing_ids)
SELECT organization_id, 'duplicate_on_account', min(channel_sku), NULL::uuid, NULL::uuid,
       connection_id, array_agg(id ORDER BY id)
FROM l WHERE channel_sku <> ''
GROUP BY organization_id, connection_id, lower(channel_sku) HAVING count(*) > 1
UNION ALL
SELECT organization_id, 'belongs_to_other_variant', channel_sku, variant_id, owner_id,
       NULL::uuid, ARRAY[id]
FROM l WHERE owner_id <> variant_id
UNION ALL
SELECT organization_id, 'mismatch', variant_sku, variant_id, NULL::uuid, NULL::uuid,
       array_agg(id ORDER BY id)
FROM l WHERE variant_sku <> '' AND channel_sku <> '' AND owner_id IS NULL
  AND lower(channel_sku) <> lower(variant_sku)
GROUP BY organization_id, variant_id, variant_sku
UNION ALL
SELECT organization_id, 'blank', variant_sku, variant_id, NULL::uuid, NULL::uuid,
       array_agg(id ORDER BY id)
FROM l WHERE variant_sku = '' OR channel_sku = ''
GROUP BY organization_id, variant_id, variant_sku;
