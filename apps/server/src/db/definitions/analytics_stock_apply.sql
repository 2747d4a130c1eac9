-- The catalogue's stock figures per quantity bucket (analytics_stock_buckets, migration 0037):
-- each element of `rows` is one variant as it was (n = -1) or as it is now (n = 1): its
-- organisation (o), quantity (q), cost (c), price (p) and whether its SKU is empty (s). Buckets are
-- written in (organisation, bucket) order, so two changes moving variants between the same buckets
-- lock them in the same order and never deadlock.
CREATE OR REPLACE FUNCTION analytics_stock_apply(
  rows_json jsonb
) RETURNS void LANGUAGE sql AS $$
  INSERT INTO analytics_stock_buckets AS b
    (organization_id, bucket, variants, units, value_at_cost, value_at_price, missing_sku,
     missing_cost)
  SELECT o, least(greatest(q, -1), 1000) AS bucket, sum(n), sum(n * greatest(q, 0)),
         sum(n * greatest(q, 0) * c), sum(n * greatest(q, 0) * p),
         coalesce(sum(n) FILTER (WHERE s), 0), coalesce(sum(n) FILTER (WHERE c = 0), 0)
  FROM jsonb_to_recordset(rows_json) AS r(o uuid, q integer, c numeric, p numeric, s boolean,
                                           n integer)
  GROUP BY o, bucket
  ORDER BY o, bucket
  ON CONFLICT (organization_id, bucket) DO UPDATE
  SET variants = b.variants + excluded.variants,
      units = b.units + excluded.units,
      value_at_cost = b.value_at_cost + excluded.value_at_cost,
      value_at_price = b.value_at_price + excluded.value_at_price,
      missing_sku = b.missing_sku + excluded.missing_sku,
      missing_cost = b.missing_cost + excluded.missing_cost;
$$;
