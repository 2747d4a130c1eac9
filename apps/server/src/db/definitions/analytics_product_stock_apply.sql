-- Moves products between their organisation's lowest-quantity buckets
-- (analytics_product_stock_buckets, migration 0064): element i is a product in organisation
-- orgs[i] with lowest quantity lowest[i], added (n = 1) or taken away (n = -1). Buckets are written
-- in (organisation, bucket) order, so two statements moving products between the same buckets lock
-- them in the same order; a bucket left empty is removed (deleting an organisation's products
-- empties them all).
CREATE OR REPLACE FUNCTION analytics_product_stock_apply(
  orgs uuid[], lowest integer[], n integer[]
) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  empty_orgs uuid[];
  empty_buckets integer[];
BEGIN
  WITH moved AS (
    INSERT INTO analytics_product_stock_buckets AS b (organization_id, bucket, products)
    SELECT o, least(greatest(q, -1), 1000) AS bucket, sum(d)
    FROM unnest(orgs, lowest, n) AS r (o, q, d)
    GROUP BY o, bucket
    HAVING sum(d) <> 0
    ORDER BY o, bucket
    ON CONFLICT (organization_id, bucket) DO UPDATE SET products = b.products + excluded.products
    RETURNING b.organization_id, b.bucket, b.products
  )
  SELECT array_agg(organization_id), array_agg(bucket) INTO empty_orgs, empty_buckets
  FROM moved WHERE products = 0;
  IF empty_orgs IS NOT NULL THEN
    DELETE FROM analytics_product_stock_buckets b
    USING unnest(empty_orgs, empty_buckets) AS e (o, k)
    WHERE b.organization_id = e.o AND b.bucket = e.k AND b.products = 0;
  END IF;
END $$;
