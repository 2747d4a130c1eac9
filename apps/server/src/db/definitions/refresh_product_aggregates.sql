-- Product aggregates recomputed set-wise for the products a statement touched (the variant and
-- listing triggers call it), writing only the rows whose aggregates changed. Per-product lookups
-- (LATERAL) so each touched product costs a few index probes whatever the size of the catalogue.
--
-- skus: the product's non-empty variant SKUs in variant order, joined by U+001F (a control
-- character, which a search term may not contain, so no term matches across two SKUs or across the
-- title's end). products.search_text is lower(title || U+001F || skus), the text the product search
-- tests (docs/decisions/0015, 0016).
--
-- lowest_qty: the lowest variant quantity, which the Oversold and Low stock filters read (migration
-- 0033).
--
-- platforms: disconnected connections keep their listings (a reconnect relinks them) but do not
-- count on the product list's per-platform counts (docs/decisions/0021).
CREATE OR REPLACE FUNCTION refresh_product_aggregates(ids uuid[]) RETURNS void
LANGUAGE sql AS $$
  UPDATE products p
  SET variant_count = a.variant_count,
      available_qty = a.available_qty,
      lowest_qty = a.lowest_qty,
      missing_sku_count = a.missing_sku_count,
      single_sku = a.single_sku,
      skus = a.skus,
      platforms = a.platforms
  FROM (
    SELECT t.id, v.*, pl.platforms
    FROM (SELECT DISTINCT id FROM unnest(ids) AS u (id)) t
    CROSS JOIN LATERAL (
      SELECT count(*)::integer AS variant_count,
             coalesce(sum(pv.available_qty), 0)::bigint AS available_qty,
             coalesce(min(pv.available_qty), 0)::integer AS lowest_qty,
             (count(*) FILTER (WHERE pv.sku = ''))::integer AS missing_sku_count,
             CASE WHEN count(*) = 1 THEN coalesce(min(pv.sku), '') ELSE '' END AS single_sku,
             coalesce(string_agg(pv.sku, E'\x1f' ORDER BY pv.position, pv.id)
                        FILTER (WHERE pv.sku <> ''), '') AS skus
      FROM product_variants pv
      WHERE pv.product_id = t.id
    ) v
    CROSS JOIN LATERAL (
      SELECT coalesce(jsonb_object_agg(x.platform,
                        jsonb_build_object('name', x.platform, 'connections', x.connections)),
                      '{}'::jsonb) AS platforms
      FROM (
        SELECT pc.platform, count(DISTINCT cl.connection_id)::integer AS connections
        FROM product_variants pv
        JOIN channel_listings cl ON cl.variant_id = pv.id
        JOIN platform_connections pc ON pc.id = cl.connection_id
        WHERE pv.product_id = t.id AND pc.status <> 'disconnected'
        GROUP BY pc.platform
      ) x
    ) pl
  ) a
  WHERE p.id = a.id
    AND (p.variant_count, p.available_qty, p.lowest_qty, p.missing_sku_count, p.single_sku, p.skus,
         p.platforms)
        IS DISTINCT FROM
        (a.variant_count, a.available_qty, a.lowest_qty, a.missing_sku_count, a.single_sku, a.skus,
         a.platforms);
$$;
