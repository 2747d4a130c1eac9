-- Listings confirmed to hold what a push request (or a later one) carried: by a push the channel
-- accepted (PushesRepository.recordPushed), or found already holding it when its push came up
-- (clearPushes). Every sale waiting for one of those requests stops waiting for that listing; a
-- sale that waits for nothing more reached its last channel at `p_at`, and its latency from the
-- sale (sold_at, the ledger entry's time) is counted in analytics_sync_latency_daily, on the sale's
-- UTC day, in bucket floor(8 * log2(milliseconds)) (migration 0063). Set-wise, once per answered
-- batch, never on the sale path (docs/decisions/0060).
--
-- The sales are locked first, in entry order: two connections' jobs confirming the last two
-- listings of one sale take turns, and the second's later statements see the first's deletions, so
-- exactly one of them finds nothing left and counts the sale.
CREATE OR REPLACE FUNCTION sync_sales_reached(
  p_listings uuid[], p_seqs bigint[], p_at timestamptz
) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  touched bigint[];
  finished bigint[];
BEGIN
  IF cardinality(p_listings) = 0 THEN RETURN; END IF;
  SELECT array_agg(entry_id) INTO touched FROM (
    SELECT s.entry_id FROM sync_sales_in_flight s
    WHERE s.entry_id IN (
      SELECT w.entry_id FROM sync_sale_waits w
      JOIN unnest(p_listings, p_seqs) AS r (listing_id, seq)
        ON w.listing_id = r.listing_id AND w.seq <= r.seq)
    ORDER BY s.entry_id
    FOR UPDATE OF s) locked;
  IF touched IS NULL THEN RETURN; END IF;
  DELETE FROM sync_sale_waits w
  USING unnest(p_listings, p_seqs) AS r (listing_id, seq)
  WHERE w.listing_id = r.listing_id AND w.seq <= r.seq AND w.entry_id = ANY(touched);
  SELECT array_agg(u.entry) INTO finished FROM unnest(touched) AS u (entry)
  WHERE NOT EXISTS (SELECT 1 FROM sync_sale_waits w WHERE w.entry_id = u.entry);
  IF finished IS NULL THEN RETURN; END IF;
  WITH done AS (
    DELETE FROM sync_sales_in_flight s WHERE s.entry_id = ANY(finished)
    RETURNING s.organization_id, (s.sold_at AT TIME ZONE 'UTC')::date AS day,
              floor(8 * log(2, greatest(1, round(extract(epoch FROM p_at - s.sold_at) * 1000))
                                 ::numeric))::smallint AS bucket
  )
  INSERT INTO analytics_sync_latency_daily AS d (organization_id, day, bucket, sales)
  SELECT organization_id, day, bucket, count(*) FROM done
  GROUP BY 1, 2, 3
  ORDER BY 1, 2, 3
  ON CONFLICT (organization_id, day, bucket) DO UPDATE SET sales = d.sales + excluded.sales;
END $$;
