-- Moves the stock changes appended since the last fold (analytics_stock_pending, migration 0081)
-- into the variant and product stock buckets, in one transaction: a reader sees each change either
-- pending or folded, never both nor neither. Each change is its variant leaving its old quantity's
-- bucket and entering the new one, and its product likewise by lowest quantity; both apply
-- functions group by bucket and write buckets in order. One fold at a time (the advisory lock). A
-- row whose transaction has not committed is not seen, and is folded next time. No parameter and
-- no LIMIT, so no cached plan can suit a small backlog and not a large one. Returns the rows folded.
CREATE OR REPLACE FUNCTION analytics_stock_fold() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  orgs uuid[];
  quantities integer[];
  costs numeric[];
  prices numeric[];
  no_sku boolean[];
  lowest integer[];
  n integer[];
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('analytics_stock_fold'));
  WITH moved AS (
    DELETE FROM analytics_stock_pending RETURNING *
  )
  SELECT array_agg(m.organization_id), array_agg(s.q), array_agg(m.cost_price),
         array_agg(m.current_price), array_agg(m.no_sku), array_agg(s.l), array_agg(s.d)
    INTO orgs, quantities, costs, prices, no_sku, lowest, n
    FROM moved m,
    LATERAL (VALUES (m.qty_before, m.lowest_before, -1), (m.qty_after, m.lowest_after, 1))
      AS s (q, l, d);
  IF orgs IS NULL THEN
    RETURN 0;
  END IF;
  PERFORM analytics_stock_apply(orgs, quantities, costs, prices, no_sku, n);
  PERFORM analytics_product_stock_apply(orgs, lowest, n);
  RETURN cardinality(orgs) / 2;
END $$;
