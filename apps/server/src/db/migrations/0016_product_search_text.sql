-- One trigram index for the product search: a product's title and every SKU of its variants as
-- one text (docs/decisions/0015). A search used to scan two trigram indexes (titles, SKUs), join
-- the SKU matches back to their products and unite both sets; about half of a search never asked
-- before went to the second index scan and that join.
--
-- skus: the product's non-empty variant SKUs in variant order, joined by U+001F (a control
-- character, which a search term may not contain, so no term matches across two SKUs or across
-- the title's end). An aggregate like variant_count: written only by refresh_product_aggregates,
-- which every variant insert, delete and SKU, product or position change already calls.
ALTER TABLE products ADD COLUMN skus text NOT NULL DEFAULT '';

CREATE OR REPLACE FUNCTION refresh_product_aggregates(ids uuid[]) RETURNS void
LANGUAGE sql AS $$
  UPDATE products p
  SET variant_count = a.variant_count,
      available_qty = a.available_qty,
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
    AND (p.variant_count, p.available_qty, p.missing_sku_count, p.single_sku, p.skus, p.platforms)
        IS DISTINCT FROM
        (a.variant_count, a.available_qty, a.missing_sku_count, a.single_sku, a.skus, a.platforms);
$$;

UPDATE products p
SET skus = s.skus
FROM (
  SELECT product_id, string_agg(sku, E'\x1f' ORDER BY position, id) AS skus
  FROM product_variants
  WHERE sku <> ''
  GROUP BY product_id
) s
WHERE s.product_id = p.id;

-- The search's index expression; ProductsRepository's searchText must stay the same expression.
-- Stock and flag updates change neither column, so they stay HOT updates.
CREATE INDEX products_search_trgm_idx
  ON products USING gin ((title || E'\x1f' || skus) gin_trgm_ops);
DROP INDEX products_title_trgm_idx;
DROP INDEX product_variants_sku_trgm_idx;
