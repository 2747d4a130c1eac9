-- Organisation counters (apply_catalog_stats): one delta per organisation for the products whose
-- synced flag or missing-SKU state a statement changed; other updates move no counter. A stock
-- change moves a product's total and lowest quantity only: the trigger's WHEN skips it without
-- calling this (stock_change_in_progress).
CREATE OR REPLACE FUNCTION products_stats_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  deltas jsonb;
BEGIN
  SELECT jsonb_agg(jsonb_build_object(
      'organization_id', organization_id, 'products', 0, 'synced', synced,
      'missing', missing, 'version', 0))
    INTO deltas
    FROM (
      SELECT n.organization_id,
             sum(n.is_synced::int - o.is_synced::int) AS synced,
             sum((n.missing_sku_count > 0)::int - (o.missing_sku_count > 0)::int) AS missing
      FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE n.is_synced IS DISTINCT FROM o.is_synced
         OR (n.missing_sku_count > 0) IS DISTINCT FROM (o.missing_sku_count > 0)
      GROUP BY n.organization_id
    ) g
    WHERE synced <> 0 OR missing <> 0;
  -- Most updates (every stock change moves its product's total) move no counter.
  IF deltas IS NOT NULL THEN
    PERFORM apply_catalog_stats(deltas);
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER products_stats_update
  AFTER UPDATE ON products REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT
  WHEN (current_setting('stocksync.stock_change', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION products_stats_after_update();
