-- A stock change (stock_apply_change) moves its product's total itself, by the difference, and
-- changes nothing else the catalogue's triggers keep (no SKU, product, position, synced flag or
-- missing-SKU count). It sets stocksync.stock_change for its own two UPDATEs, and the statement
-- triggers on product_variants and products return at once instead of reading the statement's
-- rows to find that out: they were a fifth of a stock change's PostgreSQL time
-- (docs/decisions/0045).
CREATE OR REPLACE FUNCTION stock_change_in_progress() RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT coalesce(current_setting('stocksync.stock_change', true), '') = 'on';
$$;
