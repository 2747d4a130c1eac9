-- The mismatches, blanks and listings carrying another variant's SKU of these variants, read
-- again from their listings (docs/decisions/0057): a listing's SKU belongs to the variant of the
-- organisation holding it (ignoring case); a variant that no longer exists keeps none.
CREATE OR REPLACE FUNCTION sku_conflicts_rewrite_variants(ids uuid[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  -- Joined to the ids, not `= ANY (ids)`: a statement may name hundreds of thousands of them.
  DELETE FROM sku_conflicts c USING unnest(ids) u (id) WHERE c.variant_id = u.id;
  INSERT INTO sku_conflicts
    (organization_id, kind, sku, variant_id, other_variant_id, connection_id, listing_ids)
  WITH l AS (
    SELECT cl.organization_id, cl.id, cl.variant_id, cl.channel_sku, v.sku AS variant_sku,
           (SELECT ov.id FROM product_variants ov
            WHERE ov.organization_id = cl.organization_id AND ov.sku <> ''
              AND cl.channel_sku <> '' AND lower(ov.sku) = lower(cl.channel_sku)) AS owner_id
    FROM unnest(ids) u (id)
    JOIN channel_listings cl ON cl.variant_id = u.id
    JOIN product_variants v ON v.id = cl.variant_id
    WHERE cl.channel_sku IS NOT NULL
  )
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
END $$;
