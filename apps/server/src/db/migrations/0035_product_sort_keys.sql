-- The inventory list's sort orders (issue 22 item 4, docs/decisions/0050): one narrow row per
-- product holding what the list sorts by, each order one index ending in the product id (the
-- unique tie-breaker), so a sorted page is one index range like the default order's.
--
-- Not indexes on products: a stock change rewrites its product's row, and today that update is HOT
-- (no indexed column changes; fillfactor 80 leaves room). An index on products.available_qty made
-- every stock change a non-HOT update, which inserts into every index of products, the search's
-- trigram GIN index included: 20 -> 280 µs per update of a 100,000-product table (ADR 0050). Here
-- a stock change updates one narrow row and its btree indexes instead (about 30 µs more).
--
-- Kept by definitions/product_sort_keys_inserted.sql and product_sort_keys_updated.sql; removed
-- with the product.
CREATE TABLE product_sort_keys (
  product_id uuid PRIMARY KEY REFERENCES products (id) ON DELETE CASCADE,
  organization_id uuid NOT NULL,
  -- Bytewise order of the lower-cased text (the same on every server and PostgreSQL version), cut
  -- so an index entry stays small: titles and SKU lists equal in their first 200 characters tie
  -- and fall back to the id.
  title_key text COLLATE "C" NOT NULL,
  -- The product's SKUs in variant order (products.skus), '' when it has none.
  sku_key text COLLATE "C" NOT NULL,
  available_qty bigint NOT NULL,
  is_synced boolean NOT NULL,
  -- products.updated_at: the last change of its stock, sync flag, title or SKUs.
  updated_at timestamptz NOT NULL
);
CREATE INDEX product_sort_keys_title_idx
  ON product_sort_keys (organization_id, title_key, product_id);
CREATE INDEX product_sort_keys_sku_idx ON product_sort_keys (organization_id, sku_key, product_id);
CREATE INDEX product_sort_keys_qty_idx
  ON product_sort_keys (organization_id, available_qty, product_id);
CREATE INDEX product_sort_keys_synced_idx
  ON product_sort_keys (organization_id, is_synced, product_id);
CREATE INDEX product_sort_keys_updated_idx
  ON product_sort_keys (organization_id, updated_at, product_id);

INSERT INTO product_sort_keys
  (product_id, organization_id, title_key, sku_key, available_qty, is_synced, updated_at)
SELECT id, organization_id, left(lower(title), 200), left(lower(skus), 200), available_qty,
       is_synced, updated_at
FROM products;
