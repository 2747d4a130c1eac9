-- A read clears only the check requests it answers. A check used to clear check_pending (and the
-- reason) whatever had happened during its read of the channel, so a webhook that arrived while
-- the read was in flight (a second sale on Shopify, say) had its request wiped by an answer that
-- predates it: that sale was never read, and its unit was lost (seen in the sync benchmark, a SKU
-- whose second sale landed during the read of its first). Like push_seq for pushes, check_seq
-- moves on with every request, and a read clears the flag only if it is unchanged since the
-- listing was read for it.
ALTER TABLE channel_listings ADD COLUMN check_seq bigint NOT NULL DEFAULT 0;

CREATE OR REPLACE FUNCTION stock_request_pushes(
  variant_ids uuid[], sold_listing uuid, sold_qty integer, sold_since timestamptz
) RETURNS SETOF uuid LANGUAGE sql AS $$
  WITH flagged AS (
    UPDATE channel_listings cl
    SET push_pending = (cl.push_pending OR cl.drift_qty IS NOT NULL
          OR (NOT coalesce(cl.id = sold_listing AND cl.last_pushed_at >= sold_since, false)
              AND (CASE WHEN cl.id IS DISTINCT FROM sold_listing THEN cl.channel_qty
                        ELSE cl.channel_qty - coalesce(sold_qty, 0) END)
                  IS DISTINCT FROM greatest(0, pv.available_qty))),
        push_seq = cl.push_seq + (cl.push_pending OR cl.drift_qty IS NOT NULL
          OR (NOT coalesce(cl.id = sold_listing AND cl.last_pushed_at >= sold_since, false)
              AND (CASE WHEN cl.id IS DISTINCT FROM sold_listing THEN cl.channel_qty
                        ELSE cl.channel_qty - coalesce(sold_qty, 0) END)
                  IS DISTINCT FROM greatest(0, pv.available_qty)))::int,
        check_pending = cl.check_pending
          OR coalesce(cl.id = sold_listing AND cl.last_pushed_at >= sold_since, false),
        check_seq = cl.check_seq
          + coalesce(cl.id = sold_listing AND cl.last_pushed_at >= sold_since, false)::int,
        channel_qty = CASE
          WHEN cl.id IS DISTINCT FROM sold_listing THEN cl.channel_qty
          WHEN coalesce(cl.last_pushed_at >= sold_since, false) THEN NULL
          ELSE cl.channel_qty - coalesce(sold_qty, 0) END,
        drift_qty = NULL, drift_seen_at = NULL
    FROM product_variants pv
    WHERE pv.id = cl.variant_id AND cl.variant_id = ANY(variant_ids)
      AND (cl.id = sold_listing OR cl.push_pending OR cl.drift_qty IS NOT NULL
           OR cl.channel_qty IS DISTINCT FROM greatest(0, pv.available_qty))
    RETURNING cl.connection_id, cl.push_pending OR cl.check_pending AS work
  )
  SELECT DISTINCT connection_id FROM flagged WHERE work ORDER BY connection_id
$$;
