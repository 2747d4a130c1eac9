-- A sale (an order entry that lowered a synced variant) starts waiting for the variant's listings
-- on the other channels that it flagged for a push (stock_request_pushes, just before in the same
-- stock_apply_change): each with its push_seq now, which the push carrying the sale answers (or a
-- later one). Listings on the sale's own channel, and on accounts whose sync is off or that are
-- disconnected, are not waited for (one that needs re-authorising is: the sale waits for it).
-- Nothing is written when no other channel needs a push. Called only for sales, from the sale's
-- own statement: no round trip, a few rows (docs/decisions/0060).
--
-- The listings read here were updated by stock_request_pushes in this transaction, so their row
-- locks are held: no push answer can clear them between the flag and this read.
CREATE OR REPLACE FUNCTION sync_sale_started(
  p_entry bigint, p_organization uuid, p_variant uuid, p_connection uuid, p_sold_at timestamptz
) RETURNS void LANGUAGE sql AS $$
  WITH waits AS (
    SELECT cl.id, cl.push_seq
    FROM channel_listings cl
    JOIN platform_connections pc ON pc.id = cl.connection_id
    WHERE cl.variant_id = p_variant AND cl.push_pending
      AND cl.connection_id IS DISTINCT FROM p_connection
      AND pc.status <> 'disconnected' AND pc.sync_enabled
  ), sale AS (
    INSERT INTO sync_sales_in_flight (entry_id, organization_id, sold_at)
    SELECT p_entry, p_organization, p_sold_at
    WHERE EXISTS (SELECT 1 FROM waits)
    RETURNING entry_id
  )
  INSERT INTO sync_sale_waits (listing_id, seq, entry_id)
  SELECT w.id, w.push_seq, s.entry_id FROM waits w CROSS JOIN sale s;
$$;
