-- A Shopify sale made after sync was turned on for a product but before the alignment read of its
-- listing (the read whose quantity is taken without a delta) was counted nowhere (docs/decisions/
-- 0025, "A sale during alignment"). The listing keeps when its alignment started (our clock) and
-- the channel's time of the level its alignment read found; the orders that read may have counted
-- wait in alignment_orders, with the listing's check_seq when they were recorded, until the
-- connection's job applies those it did count as orders (check_alignment_orders: some are there).
ALTER TABLE channel_listings
  ADD COLUMN align_started_at timestamptz,
  ADD COLUMN align_read_at timestamptz,
  ADD COLUMN check_alignment_orders boolean NOT NULL DEFAULT false;

CREATE TABLE alignment_orders (
  listing_id uuid NOT NULL REFERENCES channel_listings (id) ON DELETE CASCADE,
  order_id text NOT NULL,
  quantity integer NOT NULL CHECK (quantity > 0),
  created_at timestamptz NOT NULL,
  check_seq bigint NOT NULL,
  PRIMARY KEY (listing_id, order_id)
);
