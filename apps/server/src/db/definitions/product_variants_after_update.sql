-- Once per statement, for the variants it changed:
-- - SKU or product changed: the organisation's search_version moves on (bump_search_version), once
--   per statement, not per row (a row trigger rewrites the counters row for every variant: setting
--   10,000 SKUs in one statement took more than twice as long). This comes before the deferral
--   check: bulk writers defer the aggregates, never the search version.
-- - Quantity only: the product's total moves by the difference and its lowest quantity is read
--   again (a stock change, which moves both itself, does not call this: the trigger's WHEN,
--   stock_change_in_progress).
--   Every sale changes one variant's
--   quantity; recomputing its product's aggregates for that (every variant, every listing and the
--   per-platform counts) costs about 3 ms of PostgreSQL time per sale under the sync benchmark.
-- - SKU, product or position changed: the product's aggregates are recomputed (they change the
--   others); a product touched by both kinds in one statement is recomputed, which includes its
--   total. Prices and costs change no aggregate.
CREATE OR REPLACE FUNCTION product_variants_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  searched uuid[];
  affected uuid[];
  quantities boolean;
BEGIN
  -- One pass over the changed rows says what the statement touched (a stock change runs this for
  -- one row, and every query here is part of its cost).
  SELECT array_agg(DISTINCT o.organization_id)
           FILTER (WHERE o.sku IS DISTINCT FROM n.sku OR o.product_id IS DISTINCT FROM n.product_id),
         array_agg(o.product_id) FILTER (WHERE o.sku IS DISTINCT FROM n.sku
             OR o.product_id IS DISTINCT FROM n.product_id OR o.position IS DISTINCT FROM n.position)
           || array_agg(n.product_id) FILTER (WHERE o.sku IS DISTINCT FROM n.sku
             OR o.product_id IS DISTINCT FROM n.product_id OR o.position IS DISTINCT FROM n.position),
         bool_or(o.available_qty IS DISTINCT FROM n.available_qty)
    INTO searched, affected, quantities
    FROM old_rows o JOIN new_rows n ON n.id = o.id;
  IF searched IS NOT NULL THEN
    PERFORM bump_search_version(searched);
  END IF;
  IF product_aggregates_deferred() THEN RETURN NULL; END IF;
  IF quantities THEN
    -- The products' rows first, in id order, in a statement of their own: the UPDATE's snapshot
    -- is then taken after every writer of another of their variants that held them committed,
    -- so its lowest quantity counts that writer's change (the UPDATE alone would wait for the row
    -- and then read the variants in its older snapshot).
    PERFORM 1 FROM products p
    WHERE p.id IN (SELECT o.product_id FROM old_rows o JOIN new_rows n ON n.id = o.id
                   WHERE o.product_id = n.product_id
                     AND o.available_qty IS DISTINCT FROM n.available_qty)
    ORDER BY p.id
    FOR NO KEY UPDATE;
    UPDATE products p
    SET available_qty = p.available_qty + d.delta,
        lowest_qty = (SELECT min(pv.available_qty) FROM product_variants pv
                      WHERE pv.product_id = p.id)
    FROM (
      SELECT o.product_id, sum(n.available_qty - o.available_qty) AS delta
      FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE o.product_id = n.product_id
        AND NOT o.product_id = ANY (coalesce(affected, '{}'::uuid[]))
      GROUP BY o.product_id
    ) d
    WHERE p.id = d.product_id
      AND (d.delta <> 0 OR p.lowest_qty IS DISTINCT FROM (
        SELECT min(pv.available_qty) FROM product_variants pv WHERE pv.product_id = p.id));
  END IF;
  IF affected IS NOT NULL THEN
    PERFORM refresh_product_aggregates(affected);
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER product_variants_aggregates_update
  AFTER UPDATE ON product_variants REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT
  WHEN (current_setting('stocksync.stock_change', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION product_variants_after_update();
