-- Shopify stock webhooks carry the new quantity and the channel's time of it (updated_at, whole
-- seconds). Reading Shopify after each one cost about half of a standard plan's API budget at 50
-- sales per second; the webhook can stand in for the read when it is provably newer than what we
-- know (docs/decisions/0027-stock-webhooks-instead-of-reads.md).
--
-- channel_at: the channel's own time of channel_qty (a read's updatedAt, a push's group
-- createdAt, a report used), or NULL when unknown.
-- reported_qty / reported_at: the newest quantity a stock webhook reported and its channel time;
-- reported_qty NULL with reported_at set means two reports of that same second disagreed (which
-- came last cannot be told: only a read can answer).
ALTER TABLE channel_listings
  ADD COLUMN channel_at timestamptz,
  ADD COLUMN reported_qty integer,
  ADD COLUMN reported_at timestamptz;

-- A quantity set without a channel time of its own (import, alignment, an order applied to a
-- channel without compare-and-set) has no known time: a report must not be compared with the time
-- of the quantity it replaced.
CREATE FUNCTION channel_listings_forget_channel_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.channel_at := NULL;
  RETURN NEW;
END $$;

CREATE TRIGGER channel_listings_forget_channel_at
  BEFORE UPDATE OF channel_qty ON channel_listings
  FOR EACH ROW
  WHEN (NEW.channel_qty IS DISTINCT FROM OLD.channel_qty
        AND NEW.channel_at IS NOT DISTINCT FROM OLD.channel_at)
  EXECUTE FUNCTION channel_listings_forget_channel_at();
