-- stock_apply_change moves its product between the lowest-quantity buckets itself, knowing the
-- lowest quantity before and after from the product's row it locks (docs/decisions/0045): the row
-- trigger that did it for a stock change goes, with its function (IF EXISTS: on a database built
-- from scratch the definitions are applied after the migrations).
DROP TRIGGER IF EXISTS products_stock_bucket_moved ON products;
DROP FUNCTION IF EXISTS products_stock_bucket_moved();
-- analytics_stock_apply takes arrays instead of JSON (definitions/analytics_stock_apply.sql).
DROP FUNCTION IF EXISTS analytics_stock_apply(jsonb);
