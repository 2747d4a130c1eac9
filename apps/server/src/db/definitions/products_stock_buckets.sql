-- Keeps analytics_product_stock_buckets (analytics_product_stock_apply) for every statement that
-- adds or removes products or moves a product's lowest quantity to another bucket, once per
-- statement, set-wise. A stock change (stock_apply_change) moves its product's lowest quantity
-- and bucket itself: the update trigger's WHEN skips it (stock_change_in_progress).
CREATE OR REPLACE FUNCTION products_stock_buckets() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  orgs uuid[];
  lowest integer[];
  n integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(organization_id), array_agg(lowest_qty), array_agg(1)
      INTO orgs, lowest, n FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(organization_id), array_agg(lowest_qty), array_agg(-1)
      INTO orgs, lowest, n FROM old_rows;
  ELSE
    -- Products as they are (+1) and as they were (-1) per bucket, the unmoved cancelling out, with
    -- no join of the transition tables (see products_stats_after_update).
    SELECT array_agg(o), array_agg(q), array_agg(d) INTO orgs, lowest, n
      FROM (SELECT organization_id AS o, least(greatest(lowest_qty, -1), 1000) AS q, sum(d) AS d
            FROM (SELECT organization_id, lowest_qty, 1 AS d FROM new_rows
                  UNION ALL
                  SELECT organization_id, lowest_qty, -1 FROM old_rows) r
            GROUP BY 1, 2
            HAVING sum(d) <> 0) g;
  END IF;
  IF orgs IS NOT NULL THEN
    PERFORM analytics_product_stock_apply(orgs, lowest, n);
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER products_stock_buckets_insert
  AFTER INSERT ON products REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION products_stock_buckets();

CREATE OR REPLACE TRIGGER products_stock_buckets_update
  AFTER UPDATE ON products REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT
  WHEN (current_setting('stocksync.stock_change', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION products_stock_buckets();

CREATE OR REPLACE TRIGGER products_stock_buckets_delete
  AFTER DELETE ON products REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION products_stock_buckets();
