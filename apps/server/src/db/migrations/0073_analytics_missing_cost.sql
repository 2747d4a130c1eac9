-- The Missing cost card counts the products its filter lists (a variant whose cost is 0). Counting
-- them per summary read every such variant (an index-only scan of 45,000 entries, 6-10 ms, the
-- summary's dearest statement at 300,000 variants); instead the database keeps the count as
-- variants change (definitions/analytics_missing_cost.sql, docs/decisions/0065): per product, its
-- variants without a cost (a row only while there is one), and per organisation, those products.
CREATE TABLE analytics_missing_cost_products (
  product_id uuid PRIMARY KEY,
  organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  variants integer NOT NULL
);

CREATE TABLE analytics_missing_cost (
  organization_id uuid PRIMARY KEY REFERENCES organizations (id) ON DELETE CASCADE,
  products bigint NOT NULL
);

INSERT INTO analytics_missing_cost_products (product_id, organization_id, variants)
SELECT product_id, organization_id, count(*)
FROM product_variants
WHERE cost_price = 0
GROUP BY 1, 2;

INSERT INTO analytics_missing_cost (organization_id, products)
SELECT organization_id, count(*)
FROM analytics_missing_cost_products
GROUP BY 1;
