-- Organisation counters (organization_catalog_stats): the products triggers pass one delta per
-- organisation a statement touched, applied in one upsert. list_version changes whenever a product
-- is added or removed (the list's order changes).
CREATE OR REPLACE FUNCTION apply_catalog_stats(
  deltas_json jsonb
) RETURNS void LANGUAGE sql AS $$
  INSERT INTO organization_catalog_stats AS s
    (organization_id, product_count, synced_count, missing_sku_count, list_version)
  SELECT (d->>'organization_id')::uuid, (d->>'products')::bigint, (d->>'synced')::bigint,
         (d->>'missing')::bigint, (d->>'version')::bigint
  FROM jsonb_array_elements(deltas_json) d
  ON CONFLICT (organization_id) DO UPDATE
  SET product_count = s.product_count + excluded.product_count,
      synced_count = s.synced_count + excluded.synced_count,
      missing_sku_count = s.missing_sku_count + excluded.missing_sku_count,
      list_version = s.list_version + excluded.list_version;
$$;
