-- Keeps analytics_stock_buckets (analytics_stock_apply) for every statement that adds, changes
-- or removes variants, once per statement. A stock change (stock_apply_change) moves its variant
-- between buckets itself, so these return at once for it (stock_change_in_progress). Bulk writers
-- that defer the product aggregates are not skipped: this is one grouped upsert per statement.
CREATE OR REPLACE FUNCTION product_variants_analytics() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed jsonb;
BEGIN
  IF stock_change_in_progress() THEN RETURN NULL; END IF;
  IF TG_OP = 'INSERT' THEN
    SELECT jsonb_agg(jsonb_build_object('o', organization_id, 'q', available_qty,
             'c', cost_price, 'p', current_price, 's', sku = '', 'n', 1))
      INTO changed FROM new_rows;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT jsonb_agg(jsonb_build_object('o', organization_id, 'q', available_qty,
             'c', cost_price, 'p', current_price, 's', sku = '', 'n', -1))
      INTO changed FROM old_rows;
  ELSE
    -- Only the rows whose figures moved (a title or position edit moves none).
    SELECT jsonb_agg(x.e)
      INTO changed
      FROM old_rows o JOIN new_rows n ON n.id = o.id,
      LATERAL (VALUES
        (jsonb_build_object('o', o.organization_id, 'q', o.available_qty, 'c', o.cost_price,
                            'p', o.current_price, 's', o.sku = '', 'n', -1)),
        (jsonb_build_object('o', n.organization_id, 'q', n.available_qty, 'c', n.cost_price,
                            'p', n.current_price, 's', n.sku = '', 'n', 1))) AS x(e)
      WHERE (o.organization_id, o.available_qty, o.cost_price, o.current_price, o.sku = '')
            IS DISTINCT FROM
            (n.organization_id, n.available_qty, n.cost_price, n.current_price, n.sku = '');
  END IF;
  IF changed IS NOT NULL THEN
    PERFORM analytics_stock_apply(changed);
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER product_variants_analytics_insert
  AFTER INSERT ON product_variants REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION product_variants_analytics();

CREATE OR REPLACE TRIGGER product_variants_analytics_update
  AFTER UPDATE ON product_variants REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION product_variants_analytics();

CREATE OR REPLACE TRIGGER product_variants_analytics_delete
  AFTER DELETE ON product_variants REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION product_variants_analytics();
