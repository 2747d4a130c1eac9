-- A sale (an order entry that lowered a synced variant) starts waiting for the variant's listings
-- on the other channels that it flagged for a push (stock_request_pushes, just before in the same
-- stock_apply_change): each with its push_seq now, which the push carrying the sale answers (or a
-- later one). Listings on the sale's own channel, and on accounts whose sync is off or that are
-- disconnected, are not waited for (one that needs re-authorising is: the sale waits for it).
-- Nothing is written when no other channel needs a push. Called only for sales, from the sale's
-- own statement: no round trip, a few rows (docs/decisions/0060).
--
-- The listings read here were updated by stock_request_pushes in this transaction, so their row
-- locks are held: no push answer can clear them between the flag and this read. PL/pgSQL, not
-- SQL: its statement's plan is kept for the session instead of being made again at every call.
-- The variant's listings are read by the variant first (a few rows), never through the index of
-- pending pushes, which a backlog of pushes (an account waiting to be re-authorised) makes long.
CREATE OR REPLACE FUNCTION sync_sale_started(
  p_entry bigint, p_organization uuid, p_variant uuid, p_connection uuid, p_sold_at timestamptz
) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  WITH listed AS MATERIALIZED (
    SELECT cl.id, cl.push_seq, cl.push_pending, cl.connection_id
    FROM channel_listings cl
    WHERE cl.variant_id = p_variant
  ), waits AS (
    SELECT l.id, l.push_seq
    FROM listed l
    JOIN platform_connections pc ON pc.id = l.connection_id
    WHERE l.push_pending AND l.connection_id IS DISTINCT FROM p_connection
      AND pc.status <> 'disconnected' AND pc.sync_enabled
  ), sale AS (
    INSERT INTO sync_sales_in_flight (entry_id, organization_id, sold_at)
    SELECT p_entry, p_organization, p_sold_at
    WHERE EXISTS (SELECT 1 FROM waits)
    RETURNING entry_id
  )
  INSERT INTO sync_sale_waits (listing_id, seq, entry_id)
  SELECT w.id, w.push_seq, s.entry_id FROM waits w CROSS JOIN sale s;
END $$;
