-- Keeps analytics_missing_cost_products and analytics_missing_cost (migration 0073) as variants
-- are added, removed, or change cost or product: the Missing cost card's product count is then
-- one row (docs/decisions/0065). p_orgs, p_products and p_deltas say how many variants without a
-- cost each product gained (+) or lost (-). A product counts while it has one. Rows are only
-- inserted for gains: when an organisation is deleted its rows go with it (foreign keys) and the
-- cascade's losses only update what is left.
CREATE OR REPLACE FUNCTION analytics_missing_cost_apply(p_orgs uuid[], p_products uuid[],
                                                        p_deltas integer[])
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  orgs uuid[];
  moves bigint[];
BEGIN
  WITH d AS (
    SELECT o, p, sum(n)::integer AS n FROM unnest(p_orgs, p_products, p_deltas) AS x(o, p, n)
    GROUP BY 1, 2 HAVING sum(n) <> 0
  ), gained AS (
    -- xmax is 0 on a row this statement inserted, set on one it updated (locked).
    INSERT INTO analytics_missing_cost_products AS m (product_id, organization_id, variants)
    SELECT p, o, n FROM d WHERE n > 0 ORDER BY p
    ON CONFLICT (product_id) DO UPDATE SET variants = m.variants + excluded.variants
    RETURNING m.organization_id, (m.xmax = 0) AS counted
  ), lost AS (
    UPDATE analytics_missing_cost_products m SET variants = m.variants + d.n
    FROM d WHERE d.n < 0 AND m.product_id = d.p
    RETURNING m.organization_id, m.variants <= 0 AS uncounted
  ), moved AS (
    SELECT organization_id, count(*) FILTER (WHERE counted) AS n FROM gained GROUP BY 1
    UNION ALL
    SELECT organization_id, -count(*) FILTER (WHERE uncounted) FROM lost GROUP BY 1
  )
  SELECT array_agg(organization_id ORDER BY organization_id), array_agg(n ORDER BY organization_id)
    INTO orgs, moves
  FROM (SELECT organization_id, sum(n)::bigint AS n FROM moved GROUP BY 1 HAVING sum(n) <> 0) s;

  DELETE FROM analytics_missing_cost_products m
  WHERE m.product_id = ANY (p_products) AND m.variants <= 0;

  IF orgs IS NULL THEN RETURN; END IF;
  INSERT INTO analytics_missing_cost AS c (organization_id, products)
  SELECT o, n FROM unnest(orgs, moves) AS x(o, n) WHERE n > 0
  ON CONFLICT (organization_id) DO UPDATE SET products = c.products + excluded.products;
  UPDATE analytics_missing_cost c SET products = c.products + x.n
  FROM unnest(orgs, moves) AS x(o, n)
  WHERE x.n < 0 AND c.organization_id = x.o;
END $$;
