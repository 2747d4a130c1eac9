-- The sort keys a stock change moves (quantity, last changed) get a table of their own
-- (docs/decisions/0045, 0050): product_sort_keys' row was never a HOT update (both columns are
-- indexed), so every stock change inserted into all six of its indexes, title, SKU and synced
-- included. Now a stock change updates product_stock_keys and its three indexes; a title, SKU or
-- sync change updates product_sort_keys (a sync change both, as it moves "last changed").
--
-- Kept by definitions/product_sort_keys_inserted.sql and product_sort_keys_updated.sql; removed
-- with the product.
CREATE TABLE product_stock_keys (
  product_id uuid PRIMARY KEY REFERENCES products (id) ON DELETE CASCADE,
  organization_id uuid NOT NULL,
  available_qty bigint NOT NULL,
  -- products.updated_at: the last change of its stock, sync flag, title or SKUs.
  updated_at timestamptz NOT NULL
);

INSERT INTO product_stock_keys (product_id, organization_id, available_qty, updated_at)
SELECT product_id, organization_id, available_qty, updated_at FROM product_sort_keys;

CREATE INDEX product_stock_keys_qty_idx
  ON product_stock_keys (organization_id, available_qty, product_id);
CREATE INDEX product_stock_keys_updated_idx
  ON product_stock_keys (organization_id, updated_at, product_id);

-- Their indexes (product_sort_keys_qty_idx, product_sort_keys_updated_idx) go with them.
ALTER TABLE product_sort_keys DROP COLUMN available_qty, DROP COLUMN updated_at;
