-- What a synced listing's channel should hold: the master, never below zero (an oversold master
-- stays visible in StockSync; channels get 0). The one place this rule is written: the push flags
-- (stock_request_pushes), the listings a sync job reads and pushes, and the sync preview ask it.
-- IMMUTABLE and a single expression, so the planner inlines it.
CREATE OR REPLACE FUNCTION stock_channel_target(master integer) RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT greatest(0, master)
$$;
