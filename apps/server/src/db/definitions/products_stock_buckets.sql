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
    SELECT array_agg(x.o), array_agg(x.q), array_agg(x.d)
      INTO orgs, lowest, n
      FROM old_rows o JOIN new_rows nw ON nw.id = o.id,
      LATERAL (VALUES (o.organization_id, o.lowest_qty, -1),
                      (nw.organization_id, nw.lowest_qty, 1)) AS x (o, q, d)
      WHERE (o.organization_id, least(greatest(o.lowest_qty, -1), 1000))
            IS DISTINCT FROM (nw.organization_id, least(greatest(nw.lowest_qty, -1), 1000));
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
