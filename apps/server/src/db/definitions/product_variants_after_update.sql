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
  -- What the statement touched (a stock change does not call this). Each variant counts as it is
  -- (+1) and as it was (-1); a group that does not cancel out changed. No join of the transition
  -- tables: the plan PL/pgSQL keeps for a join is the session's first statement's (often one row:
  -- a nested loop), and took seconds over thousands of rows.
  WITH r AS (
    SELECT id, organization_id, product_id, sku, position, available_qty, 1 AS d FROM new_rows
    UNION ALL
    SELECT id, organization_id, product_id, sku, position, available_qty, -1 FROM old_rows
  ), moved AS (
    -- SKU or product changed: the search moves on
    SELECT organization_id FROM r GROUP BY id, organization_id, product_id, sku HAVING sum(d) <> 0
  ), placed AS (
    -- SKU, product or position changed
    SELECT product_id FROM r GROUP BY id, product_id, sku, position HAVING sum(d) <> 0
  )
  SELECT (SELECT array_agg(DISTINCT organization_id) FROM moved),
         (SELECT array_agg(DISTINCT product_id) FROM placed),
         EXISTS (SELECT FROM r GROUP BY id, available_qty HAVING sum(d) <> 0)
    INTO searched, affected, quantities;
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
    WHERE p.id IN (SELECT product_id
                   FROM (SELECT id, product_id, available_qty, 1 AS d FROM new_rows
                         UNION ALL
                         SELECT id, product_id, available_qty, -1 FROM old_rows) r
                   GROUP BY id, product_id, available_qty HAVING sum(d) <> 0)
    ORDER BY p.id
    FOR NO KEY UPDATE;
    UPDATE products p
    SET available_qty = p.available_qty + d.delta,
        lowest_qty = (SELECT min(pv.available_qty) FROM product_variants pv
                      WHERE pv.product_id = p.id)
    FROM (
      SELECT product_id, sum(d * available_qty) AS delta
      FROM (SELECT product_id, available_qty, 1 AS d FROM new_rows
            UNION ALL
            SELECT product_id, available_qty, -1 FROM old_rows) r
      WHERE NOT product_id = ANY (coalesce(affected, '{}'::uuid[]))
      GROUP BY product_id
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
