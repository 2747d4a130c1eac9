-- A connection's listings named by the channel's variant id or, failing that, by our SKU: every
-- order and stock webhook from TikTok Shop and eBay is matched this way. As a plain prepared
-- statement PostgreSQL would plan it on every call (a custom plan for each array of ids: two joined
-- branches, about 1.3 ms, more than it takes to run). In a PL/pgSQL function with a generic plan it
-- is planned once per connection; both branches are index lookups whatever the arrays hold.
CREATE OR REPLACE FUNCTION connection_listings_by_ref(p_connection uuid, p_ids text[], p_skus text[])
RETURNS TABLE (id uuid, variant_id uuid, external_variant_id text, sku text)
LANGUAGE plpgsql STABLE
SET plan_cache_mode = force_generic_plan
AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
  -- Two index lookups (by the channel's id; by SKU within the connection's organisation), not one
  -- OR that can only be answered by scanning the connection's listings.
  SELECT cl.id, cl.variant_id, cl.external_variant_id, pv.sku
  FROM channel_listings cl JOIN product_variants pv ON pv.id = cl.variant_id
  WHERE cl.connection_id = p_connection AND cl.external_variant_id = ANY (p_ids)
  UNION
  SELECT cl.id, cl.variant_id, cl.external_variant_id, pv.sku
  FROM platform_connections pc
  JOIN product_variants pv ON pv.organization_id = pc.organization_id
    AND pv.sku <> '' AND lower(pv.sku) = ANY (p_skus)
  JOIN channel_listings cl ON cl.variant_id = pv.id AND cl.connection_id = pc.id
  WHERE pc.id = p_connection;
END $$;
