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
      -- Each row counted as it is (+1) and as it was (-1), with no join of the two transition
      -- tables: the plan PL/pgSQL keeps for a join was made for the session's first statement
      -- (often one row: a nested loop), and took seconds over thousands of rows.
      SELECT organization_id, sum(d * is_synced::int) AS synced,
             sum(d * (missing_sku_count > 0)::int) AS missing
      FROM (SELECT organization_id, is_synced, missing_sku_count, 1 AS d FROM new_rows
            UNION ALL
            SELECT organization_id, is_synced, missing_sku_count, -1 FROM old_rows) r
      GROUP BY organization_id
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
