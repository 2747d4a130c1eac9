-- Moves up to p_limit pending sales (the oldest) into the aggregates in one statement, so a reader
-- sees each sale either pending or folded, never both nor neither (docs/decisions/0059): the day's
-- per-channel figures, and the blocks of 1, 4, 16, 64 and 256 days of each variant and of each
-- order currency (docs/decisions/0065). Rows are grouped first (an upsert may touch a row once
-- per statement). One fold at a time (the advisory lock): two would upsert the same rows in
-- different orders. A pending
-- row whose transaction has not committed yet is not seen, and is folded next time. The oldest
-- rows are taken as a range below one id, not as `id IN (… LIMIT p_limit)`: plpgsql keeps the
-- plan made while the table was small, and that one paired every row with the limit's rows (a
-- backlog of 140,000 sales ran for 13 minutes). Returns how many rows were folded.
CREATE OR REPLACE FUNCTION analytics_sales_fold(p_limit integer) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  folded integer;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('analytics_sales_fold'));
  WITH moved AS (
    DELETE FROM analytics_sales_pending
    WHERE id <= (SELECT max(id) FROM (
      SELECT id FROM analytics_sales_pending ORDER BY id LIMIT p_limit) oldest)
    RETURNING *
  ), channels AS (
    INSERT INTO analytics_sales_channel_daily AS c
      (organization_id, day, connection_id, units, revenue, estimated_units, estimated_revenue,
       unvalued_units)
    SELECT organization_id, day, connection_id, sum(units), sum(revenue), sum(estimated_units),
           sum(estimated_revenue), sum(unvalued_units)
    FROM moved GROUP BY 1, 2, 3
    ON CONFLICT (organization_id, day, connection_id) DO UPDATE
    SET units = c.units + excluded.units,
        revenue = c.revenue + excluded.revenue,
        estimated_units = c.estimated_units + excluded.estimated_units,
        estimated_revenue = c.estimated_revenue + excluded.estimated_revenue,
        unvalued_units = c.unvalued_units + excluded.unvalued_units
  ), currencies AS (
    INSERT INTO analytics_sales_currency_blocks AS y
      (organization_id, span, start, currency, units, revenue, estimated_units, estimated_revenue)
    SELECT m.organization_id, s.span, m.day - ((m.day - date '1970-01-01') % s.span), m.currency,
           sum(m.units), sum(m.order_revenue),
           coalesce(sum(m.units) FILTER (WHERE m.order_revenue_estimated), 0),
           coalesce(sum(m.order_revenue) FILTER (WHERE m.order_revenue_estimated), 0)
    FROM moved m CROSS JOIN (VALUES (1), (4), (16), (64), (256)) AS s(span)
    WHERE m.currency IS NOT NULL GROUP BY 1, 2, 3, 4
    ON CONFLICT (organization_id, span, start, currency) DO UPDATE
    SET units = y.units + excluded.units, revenue = y.revenue + excluded.revenue,
        estimated_units = y.estimated_units + excluded.estimated_units,
        estimated_revenue = y.estimated_revenue + excluded.estimated_revenue
  ), blocks AS (
    INSERT INTO analytics_sales_variant_blocks AS b
      (organization_id, span, start, variant_id, units, revenue)
    SELECT m.organization_id, s.span, m.day - ((m.day - date '1970-01-01') % s.span),
           m.variant_id, sum(m.units), sum(m.revenue)
    FROM moved m CROSS JOIN (VALUES (1), (4), (16), (64), (256)) AS s(span)
    GROUP BY 1, 2, 3, 4
    ON CONFLICT (organization_id, span, start, variant_id) DO UPDATE
    SET units = b.units + excluded.units, revenue = b.revenue + excluded.revenue
  )
  SELECT count(*) INTO folded FROM moved;
  RETURN folded;
END $$;
