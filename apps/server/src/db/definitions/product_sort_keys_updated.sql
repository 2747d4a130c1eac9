-- A product whose stock, sync flag, title or SKUs changed: it was last changed now (unless the
-- statement set updated_at itself), and its sort keys follow: the quantity and last changed in
-- product_stock_keys (migration 0083), the title, SKUs and synced flag in product_sort_keys
-- (migration 0035) only when one of them changed. A row trigger, limited by its WHEN to those
-- changes: it runs for every stock change, which moves its product's total in one single-row
-- UPDATE (stock_apply_change), and costs that change one narrow row's update with three indexes
-- (ADR 0045, 0050). Other updates of products (aggregates that did not move, platform counts) do
-- not run it.
CREATE OR REPLACE FUNCTION product_sort_keys_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.updated_at = OLD.updated_at THEN
    NEW.updated_at := now();
  END IF;
  IF NEW.title IS DISTINCT FROM OLD.title OR NEW.skus IS DISTINCT FROM OLD.skus
     OR NEW.is_synced IS DISTINCT FROM OLD.is_synced THEN
    UPDATE product_sort_keys
    SET title_key = left(lower(NEW.title), 200), sku_key = left(lower(NEW.skus), 200),
        is_synced = NEW.is_synced
    WHERE product_id = NEW.id;
  END IF;
  UPDATE product_stock_keys SET available_qty = NEW.available_qty, updated_at = NEW.updated_at
  WHERE product_id = NEW.id;
  RETURN NEW;
END $$;

CREATE OR REPLACE TRIGGER products_sort_keys_update
  BEFORE UPDATE ON products FOR EACH ROW
  WHEN (OLD.available_qty IS DISTINCT FROM NEW.available_qty
        OR OLD.is_synced IS DISTINCT FROM NEW.is_synced
        OR OLD.title IS DISTINCT FROM NEW.title
        OR OLD.skus IS DISTINCT FROM NEW.skus
        OR OLD.updated_at IS DISTINCT FROM NEW.updated_at)
  EXECUTE FUNCTION product_sort_keys_updated();
