-- Organisation counters (apply_catalog_stats): one delta per organisation for the products a
-- statement inserted.
CREATE OR REPLACE FUNCTION products_stats_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM apply_catalog_stats(coalesce((
    SELECT jsonb_agg(jsonb_build_object(
      'organization_id', organization_id, 'products', n, 'synced', synced,
      'missing', missing, 'version', 1))
    FROM (
      SELECT organization_id, count(*) AS n, count(*) FILTER (WHERE is_synced) AS synced,
             count(*) FILTER (WHERE missing_sku_count > 0) AS missing
      FROM new_rows GROUP BY organization_id
    ) g), '[]'::jsonb));
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER products_stats_insert
  AFTER INSERT ON products REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION products_stats_after_insert();
