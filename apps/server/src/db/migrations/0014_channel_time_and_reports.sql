-- Shopify stock webhooks carry the new quantity and the channel's time of it (updated_at, whole
-- seconds). Reading Shopify after each one cost about half of a standard plan's API budget at 50
-- sales per second; the webhook can stand in for the read when it is provably newer than what we
-- know (docs/decisions/0027-stock-webhooks-instead-of-reads.md).
--
-- channel_at: the channel's own time of channel_qty (a read's updatedAt, a push's group
-- createdAt, a report used), or NULL when unknown. Every statement that sets channel_qty sets it
-- too (NULL from import, alignment and conflicts; stock_request_pushes changes channel_qty only for
-- an order on a channel without compare-and-set, which has no channel times). Not a trigger: a
-- push answered in the same second as the quantity it replaced has the same time, legitimately.
-- reported_qty / reported_at: the newest quantity a stock webhook reported and its channel time;
-- reported_qty NULL with reported_at set means two reports of that same second disagreed (which
-- came last cannot be told: only a read can answer).
ALTER TABLE channel_listings
  ADD COLUMN channel_at timestamptz,
  ADD COLUMN reported_qty integer,
  ADD COLUMN reported_at timestamptz;
