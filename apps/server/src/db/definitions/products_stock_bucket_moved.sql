-- A stock change (stock_apply_change) moved its product's lowest quantity to another bucket: the
-- product moves between its organisation's lowest-quantity buckets (migration 0064). A row trigger
-- whose WHEN clause is checked without calling the function, so a sale that leaves its product's
-- bucket as it was (most sales of products with several variants, every one above 999) pays
-- nothing more. Any other statement is left to the statement triggers (products_stock_buckets),
-- which step aside for a stock change.
CREATE OR REPLACE FUNCTION products_stock_bucket_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT stock_change_in_progress() THEN RETURN NULL; END IF;
  PERFORM analytics_product_stock_apply(ARRAY[OLD.organization_id, NEW.organization_id],
                                        ARRAY[OLD.lowest_qty, NEW.lowest_qty], ARRAY[-1, 1]);
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER products_stock_bucket_moved
  AFTER UPDATE OF lowest_qty ON products
  FOR EACH ROW
  WHEN (least(greatest(OLD.lowest_qty, -1), 1000) <> least(greatest(NEW.lowest_qty, -1), 1000))
  EXECUTE FUNCTION products_stock_bucket_moved();
