-- What a channel was seen to hold that is not applied yet, in one pair of columns instead of two
-- (docs/decisions/0047): a Shopify stock webhook's report (reported_qty, reported_at: Shopify's
-- time of it, ADR 0027) and an eBay or TikTok Shop read that differed from channel_qty and waits
-- to be trusted (drift_qty, drift_seen_at: our time of it, ADR 0025). A listing is on one channel,
-- so it only ever held one of the two: a report on a channel with compare-and-set, a drift on one
-- without. seen_qty NULL with seen_at set is, as reported_qty was, two reports of one second that
-- disagreed (only a read can tell).
ALTER TABLE channel_listings
  ADD COLUMN seen_qty integer,
  ADD COLUMN seen_at timestamptz;

UPDATE channel_listings
SET seen_qty = CASE WHEN drift_seen_at IS NOT NULL THEN drift_qty ELSE reported_qty END,
    seen_at = coalesce(drift_seen_at, reported_at)
WHERE drift_seen_at IS NOT NULL OR reported_at IS NOT NULL;

ALTER TABLE channel_listings
  DROP COLUMN reported_qty,
  DROP COLUMN reported_at,
  DROP COLUMN drift_qty,
  DROP COLUMN drift_seen_at;
