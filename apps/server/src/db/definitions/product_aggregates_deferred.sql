-- Bulk writers (the seed, imports) may set stocksync.defer_product_aggregates = 'on' for their
-- transaction and call refresh_product_aggregates once for everything they wrote; the aggregate
-- triggers then skip their work.
CREATE OR REPLACE FUNCTION product_aggregates_deferred() RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT coalesce(current_setting('stocksync.defer_product_aggregates', true), '') = 'on';
$$;
