-- The catalogue's stock figures per quantity bucket (analytics_stock_buckets, migration 0037):
-- element i of the arrays is one variant as it was (n = -1) or as it is now (n = 1): its
-- organisation, quantity, cost, price and whether its SKU is empty. Buckets are written in
-- (organisation, bucket) order, so two changes moving variants between the same buckets lock them
-- in the same order and never deadlock. Arrays, not JSON, and PL/pgSQL, whose plan the session
-- keeps: a stock change calls this for two elements (docs/decisions/0045).
CREATE OR REPLACE FUNCTION analytics_stock_apply(
  orgs uuid[], quantities integer[], costs numeric[], prices numeric[], no_sku boolean[],
  n integer[]
) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO analytics_stock_buckets AS b
    (organization_id, bucket, variants, units, value_at_cost, value_at_price, missing_sku,
     missing_cost)
  SELECT r.o, least(greatest(r.q, -1), 1000) AS bucket, sum(r.d), sum(r.d * greatest(r.q, 0)),
         sum(r.d * greatest(r.q, 0) * r.c), sum(r.d * greatest(r.q, 0) * r.p),
         coalesce(sum(r.d) FILTER (WHERE r.s), 0), coalesce(sum(r.d) FILTER (WHERE r.c = 0), 0)
  FROM unnest(orgs, quantities, costs, prices, no_sku, n) AS r (o, q, c, p, s, d)
  -- A deleted organisation's buckets are gone (organizations_delete_analytics); its variants,
  -- which the cascade deletes after that, and its changes still pending add nothing back.
  JOIN organizations live ON live.id = r.o
  GROUP BY r.o, bucket
  ORDER BY r.o, bucket
  ON CONFLICT (organization_id, bucket) DO UPDATE
  SET variants = b.variants + excluded.variants,
      units = b.units + excluded.units,
      value_at_cost = b.value_at_cost + excluded.value_at_cost,
      value_at_price = b.value_at_price + excluded.value_at_price,
      missing_sku = b.missing_sku + excluded.missing_sku,
      missing_cost = b.missing_cost + excluded.missing_cost;
END $$;
