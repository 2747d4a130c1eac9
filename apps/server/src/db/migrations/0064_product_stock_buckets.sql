-- The dashboard's Low stock and Oversold cards count what their inventory filters list: products,
-- by their lowest variant quantity (products.lowest_qty; the filters stock=low and stock=oversold,
-- docs/decisions/0049 and 0060). Products per organisation and lowest-quantity bucket (-1: below
-- 0; 0 to 999 one each; 1000: 1000 and over), as analytics_stock_buckets keeps variants, so the
-- count for any threshold up to 999 is a sum over a few rows instead of a scan of the catalogue.
-- Kept by definitions/products_stock_buckets.sql and products_stock_bucket_moved.sql.
CREATE TABLE analytics_product_stock_buckets (
  organization_id uuid NOT NULL,
  bucket integer NOT NULL CHECK (bucket BETWEEN -1 AND 1000),
  products bigint NOT NULL,
  PRIMARY KEY (organization_id, bucket)
);

INSERT INTO analytics_product_stock_buckets
SELECT organization_id, least(greatest(lowest_qty, -1), 1000), count(*)
FROM products
GROUP BY 1, 2;

-- The Missing cost card counts the products its filter lists (a variant whose cost is 0): an
-- index-only count over the variants without a cost. Cost and organisation only: a sale's update
-- of a variant's quantity stays heap-only.
CREATE INDEX product_variants_missing_cost_idx
  ON product_variants (organization_id, product_id) WHERE cost_price = 0;
