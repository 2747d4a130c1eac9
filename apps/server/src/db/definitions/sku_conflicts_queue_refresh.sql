-- True for the first row noted in sku_conflicts_stale since the transaction began or since
-- sku_conflicts_refresh last ran: that row alone queues the refresh at commit
-- (docs/decisions/0057). The mark is local to the transaction (and undone with a rolled-back
-- savepoint, as the rows and the queued call are).
CREATE OR REPLACE FUNCTION sku_conflicts_queue_refresh() RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('stocksync.sku_conflicts_queued', true) = 'on' THEN RETURN false; END IF;
  PERFORM set_config('stocksync.sku_conflicts_queued', 'on', true);
  RETURN true;
END $$;
