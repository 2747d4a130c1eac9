-- Issue 22 item 3: oversold and low stock in sight (docs/decisions/0049).
--
-- A sale that takes a master below 0 is recorded with a 'warning' activity entry.
ALTER TABLE activity_logs DROP CONSTRAINT activity_logs_status_check;
ALTER TABLE activity_logs ADD CONSTRAINT activity_logs_status_check
  CHECK (status IN ('success', 'error', 'info', 'warning', 'in_progress'));

-- The lowest master quantity among a product's variants (0 for a product without variants), kept
-- with its other aggregates (refresh_product_aggregates, product_variants_after_update,
-- stock_apply_change): the Oversold (below 0) and Low stock (at or below the organisation's
-- threshold) filters and badges of the product list read it. It is in no index, so a stock change
-- that moves it stays a heap-only update of the products row. `oversold` changes only when a
-- product crosses 0, and its partial index holds the few oversold products in list order.
ALTER TABLE products
  ADD COLUMN lowest_qty integer NOT NULL DEFAULT 0,
  ADD COLUMN oversold boolean GENERATED ALWAYS AS (lowest_qty < 0) STORED;

UPDATE products p SET lowest_qty = v.lowest
FROM (SELECT product_id, min(available_qty) AS lowest FROM product_variants GROUP BY product_id) v
WHERE p.id = v.product_id AND v.lowest <> 0;

CREATE INDEX products_oversold_idx ON products (organization_id, created_at, id) WHERE oversold;
