-- Flags a variant's listings for a push: those whose known quantity differs from what the channel
-- should hold (stock_channel_target), and those with a push pending (its seq moves on, so an answer
-- to a push in flight cannot clear the request). `sold_listing` is a listing on a channel without
-- compare-and-set that sold by itself: it now holds `sold_qty` less, unless one of our pushes since
-- `sold_since` may have overwritten its decrement; then what it holds is unknown and it is re-read.
-- Either way a drift seen on it (seen_qty) was measured against the quantity that moved, and goes
-- (docs/decisions/0047).
-- Every value comes from the row being updated, not a snapshot read before it: a push answer
-- recorded concurrently (without the variant lock) must not be overwritten. Answers the connections
-- that now have work, sorted (every caller takes their job rows in the same order).
--
-- check_seq moves on with every check request, as push_seq does for pushes: a read clears
-- check_pending only if check_seq is unchanged since the listing was read for it, so a webhook that
-- arrives while a read is in flight (a second sale, say) keeps its request.
CREATE OR REPLACE FUNCTION stock_request_pushes(
  variant_ids uuid[], sold_listing uuid, sold_qty integer, sold_since timestamptz
) RETURNS SETOF uuid LANGUAGE sql AS $$
  WITH flagged AS (
    UPDATE channel_listings cl
    SET push_pending = (cl.push_pending
          OR (NOT coalesce(cl.id = sold_listing AND cl.last_pushed_at >= sold_since, false)
              AND (CASE WHEN cl.id IS DISTINCT FROM sold_listing THEN cl.channel_qty
                        ELSE cl.channel_qty - coalesce(sold_qty, 0) END)
                  IS DISTINCT FROM stock_channel_target(pv.available_qty))),
        push_seq = cl.push_seq + (cl.push_pending
          OR (NOT coalesce(cl.id = sold_listing AND cl.last_pushed_at >= sold_since, false)
              AND (CASE WHEN cl.id IS DISTINCT FROM sold_listing THEN cl.channel_qty
                        ELSE cl.channel_qty - coalesce(sold_qty, 0) END)
                  IS DISTINCT FROM stock_channel_target(pv.available_qty)))::int,
        check_pending = cl.check_pending
          OR coalesce(cl.id = sold_listing AND cl.last_pushed_at >= sold_since, false),
        check_seq = cl.check_seq
          + coalesce(cl.id = sold_listing AND cl.last_pushed_at >= sold_since, false)::int,
        channel_qty = CASE
          WHEN cl.id IS DISTINCT FROM sold_listing THEN cl.channel_qty
          WHEN coalesce(cl.last_pushed_at >= sold_since, false) THEN NULL
          ELSE cl.channel_qty - coalesce(sold_qty, 0) END,
        seen_qty = CASE WHEN cl.id = sold_listing THEN NULL ELSE cl.seen_qty END,
        seen_at = CASE WHEN cl.id = sold_listing THEN NULL ELSE cl.seen_at END
    FROM product_variants pv
    WHERE pv.id = cl.variant_id AND cl.variant_id = ANY(variant_ids)
      AND (cl.id = sold_listing OR cl.push_pending
           OR cl.channel_qty IS DISTINCT FROM stock_channel_target(pv.available_qty))
    RETURNING cl.connection_id, cl.push_pending OR cl.check_pending AS work
  )
  SELECT DISTINCT connection_id FROM flagged WHERE work ORDER BY connection_id
$$;
