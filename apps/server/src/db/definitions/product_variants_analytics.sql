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
    -- Variants as they are (+1) and as they were (-1), grouped by what the buckets count: the rows
    -- whose figures did not move cancel out. No join of the transition tables (see
    -- products_stats_after_update).
    SELECT array_agg(o), array_agg(q), array_agg(c), array_agg(p), array_agg(s), array_agg(d)
      INTO orgs, quantities, costs, prices, no_sku, n
      FROM (SELECT organization_id AS o, available_qty AS q, cost_price AS c, current_price AS p,
                   sku = '' AS s, sum(d) AS d
            FROM (SELECT organization_id, available_qty, cost_price, current_price, sku, 1 AS d
                  FROM new_rows
                  UNION ALL
                  SELECT organization_id, available_qty, cost_price, current_price, sku, -1
                  FROM old_rows) r
            GROUP BY 1, 2, 3, 4, 5
            HAVING sum(d) <> 0) g;
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
