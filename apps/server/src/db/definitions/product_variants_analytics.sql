-- Keeps analytics_stock_buckets (analytics_stock_apply) for every statement that adds, changes
-- or removes variants, once per statement. A stock change (stock_apply_change) moves its variant
-- between buckets itself, so the update trigger's WHEN skips it (stock_change_in_progress). Bulk
-- writers that defer the product aggregates are not skipped: one grouped upsert per statement.
CREATE OR REPLACE FUNCTION product_variants_analytics() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  orgs uuid[];
  quantities integer[];
  costs numeric[];
  prices numeric[];
  no_sku boolean[];
  n integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(organization_id), array_agg(available_qty), array_agg(cost_price),
           array_agg(current_price), array_agg(sku = ''), array_agg(1)
      INTO orgs, quantities, costs, prices, no_sku, n FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(organization_id), array_agg(available_qty), array_agg(cost_price),
           array_agg(current_price), array_agg(sku = ''), array_agg(-1)
      INTO orgs, quantities, costs, prices, no_sku, n FROM old_rows;
  ELSE
    -- Only the rows whose figures moved (a title or position edit moves none).
    SELECT array_agg(x.o), array_agg(x.q), array_agg(x.c), array_agg(x.p), array_agg(x.s),
           array_agg(x.d)
      INTO orgs, quantities, costs, prices, no_sku, n
      FROM old_rows o JOIN new_rows nw ON nw.id = o.id,
      LATERAL (VALUES
        (o.organization_id, o.available_qty, o.cost_price, o.current_price, o.sku = '', -1),
        (nw.organization_id, nw.available_qty, nw.cost_price, nw.current_price, nw.sku = '', 1))
        AS x (o, q, c, p, s, d)
      WHERE (o.organization_id, o.available_qty, o.cost_price, o.current_price, o.sku = '')
            IS DISTINCT FROM
            (nw.organization_id, nw.available_qty, nw.cost_price, nw.current_price, nw.sku = '');
  END IF;
  IF orgs IS NOT NULL THEN
    PERFORM analytics_stock_apply(orgs, quantities, costs, prices, no_sku, n);
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER product_variants_analytics_insert
  AFTER INSERT ON product_variants REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION product_variants_analytics();

CREATE OR REPLACE TRIGGER product_variants_analytics_update
  AFTER UPDATE ON product_variants REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT
  WHEN (current_setting('stocksync.stock_change', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION product_variants_analytics();

CREATE OR REPLACE TRIGGER product_variants_analytics_delete
  AFTER DELETE ON product_variants REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION product_variants_analytics();
