-- A stock change (stock_apply_change) moves its product's total itself, by the difference, and
-- changes nothing else the catalogue's triggers keep (no SKU, product, position, synced flag or
-- missing-SKU count). It sets stocksync.stock_change around its own writes (and records its own
-- live event), and the statement triggers on inventory_ledger, product_variants and products skip
-- it instead of reading the statement's rows to find that out: they were a fifth of a stock
-- change's PostgreSQL time (docs/decisions/0045). Those triggers test the setting in their WHEN
-- itself, not through this function: a SQL function there is inlined, which parses its text again
-- for every statement that fires the trigger (and the files run in name order, before this one).
CREATE OR REPLACE FUNCTION stock_change_in_progress() RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT coalesce(current_setting('stocksync.stock_change', true), '') = 'on';
$$;
