-- Organisation counters (apply_catalog_stats): one delta per organisation for the products a
-- statement deleted.
CREATE OR REPLACE FUNCTION products_stats_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Rows removed by an organisation's own deletion take its counters with them.
  PERFORM apply_catalog_stats(coalesce((
    SELECT jsonb_agg(jsonb_build_object(
      'organization_id', organization_id, 'products', -n, 'synced', -synced,
      'missing', -missing, 'version', 1))
    FROM (
      SELECT o.organization_id, count(*) AS n, count(*) FILTER (WHERE o.is_synced) AS synced,
             count(*) FILTER (WHERE o.missing_sku_count > 0) AS missing
      FROM old_rows o
      WHERE EXISTS (SELECT 1 FROM organizations org WHERE org.id = o.organization_id)
      GROUP BY o.organization_id
    ) g), '[]'::jsonb));
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER products_stats_delete
  AFTER DELETE ON products REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION products_stats_after_delete();
