-- Every sale changes one variant's quantity. Recomputing its product's aggregates for that (every
-- variant, every listing and the per-platform counts) cost about 3 ms of PostgreSQL time per sale
-- under the sync benchmark; a quantity-only change now moves the product's total by the
-- difference. Changes of SKU, product or position still recompute (they change the other
-- aggregates); a product touched by both in one statement is recomputed, which includes its total.
CREATE OR REPLACE FUNCTION product_variants_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  affected uuid[];
BEGIN
  IF product_aggregates_deferred() THEN RETURN NULL; END IF;
  SELECT array_agg(DISTINCT x.product_id) INTO affected
  FROM (
    SELECT o.product_id, n.product_id AS new_product_id
    FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE o.sku IS DISTINCT FROM n.sku
       OR o.product_id IS DISTINCT FROM n.product_id
       OR o.position IS DISTINCT FROM n.position
  ) changed
  CROSS JOIN LATERAL (VALUES (changed.product_id), (changed.new_product_id)) AS x (product_id);
  UPDATE products p
  SET available_qty = p.available_qty + d.delta
  FROM (
    SELECT o.product_id, sum(n.available_qty - o.available_qty) AS delta
    FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE o.product_id = n.product_id
      AND NOT o.product_id = ANY (coalesce(affected, '{}'::uuid[]))
    GROUP BY o.product_id
  ) d
  WHERE p.id = d.product_id AND d.delta <> 0;
  IF affected IS NOT NULL THEN
    PERFORM refresh_product_aggregates(affected);
  END IF;
  RETURN NULL;
END $$;
