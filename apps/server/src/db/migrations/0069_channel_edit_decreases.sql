-- A decrease read on a channel without compare-and-set (eBay, TikTok Shop) and applied to the
-- master as a change made there (docs/decisions/0054, "An order after the change it explains"):
-- a sale whose order was not in yet reads the same way, so the decrease is kept until an order of
-- the listing created between `since` (when we last knew what the listing held) and `read_at`
-- (when the decrease was applied) claims it, or until it is older than the matching bound. `left`
-- is what no order has claimed yet. `cause` is the ledger cause the decrease was applied with,
-- which the entry that hands it to the order reverses. Goes with its listing.
CREATE TABLE channel_edit_decreases (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  listing_id uuid NOT NULL REFERENCES channel_listings (id) ON DELETE CASCADE,
  cause text NOT NULL CHECK (cause IN ('channel_edit', 'reconciliation')),
  left_qty integer NOT NULL CHECK (left_qty > 0),
  since timestamptz,
  read_at timestamptz NOT NULL
);
CREATE INDEX channel_edit_decreases_listing_idx ON channel_edit_decreases (listing_id, read_at);
