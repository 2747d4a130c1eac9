-- The sort keys of products a statement inserted (product_sort_keys, migration 0035, and
-- product_stock_keys, migration 0083): one row each in both, written once per statement.
CREATE OR REPLACE FUNCTION product_sort_keys_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_sort_keys (product_id, organization_id, title_key, sku_key, is_synced)
  SELECT id, organization_id, left(lower(title), 200), left(lower(skus), 200), is_synced
  FROM new_rows;
  INSERT INTO product_stock_keys (product_id, organization_id, available_qty, updated_at)
  SELECT id, organization_id, available_qty, updated_at
  FROM new_rows;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER products_sort_keys_insert
  AFTER INSERT ON products REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION product_sort_keys_inserted();
