-- The duplicates of these (organisation, account, lower(SKU)) keys, read again from the listings
-- (docs/decisions/0057): two or more listings of one account holding one SKU, ignoring case.
CREATE OR REPLACE FUNCTION sku_conflicts_rewrite_duplicates(
  orgs uuid[], connections uuid[], skus text[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM sku_conflicts c USING unnest(connections, skus) k (connection_id, sku)
  WHERE c.connection_id = k.connection_id AND lower(c.sku) = k.sku;
  INSERT INTO sku_conflicts
    (organization_id, kind, sku, variant_id, other_variant_id, connection_id, listing_ids)
  SELECT cl.organization_id, 'duplicate_on_account', min(cl.channel_sku), NULL, NULL,
         cl.connection_id, array_agg(cl.id ORDER BY cl.id)
  FROM unnest(orgs, connections, skus) k (org, connection_id, sku)
  JOIN channel_listings cl ON cl.organization_id = k.org AND lower(cl.channel_sku) = k.sku
    AND cl.connection_id = k.connection_id AND cl.channel_sku <> ''
  GROUP BY cl.organization_id, cl.connection_id, lower(cl.channel_sku)
  HAVING count(*) > 1;
END $$;
