-- Sync latency (issue 23: "the median and 95th percentile from a sale to its last channel over the
-- range"; docs/decisions/0060). A sale is an order entry of the ledger that flagged pushes to the
-- variant's listings on other channels; it reached its last channel when every one of those
-- confirmed a push carrying it.

-- A sale some of whose other channels have not confirmed it yet: written in the sale's own
-- statement (definitions/sync_sale_started.sql), deleted when the last one confirms
-- (definitions/sync_sales_reached.sql). It goes with its ledger entry (the entry's variant, and
-- so its organisation, deleted). No foreign key on the organisation: the key-share lock of the
-- organisation's row is what migration 0025 took off the sale path.
CREATE TABLE sync_sales_in_flight (
  entry_id bigint PRIMARY KEY REFERENCES inventory_ledger (id) ON DELETE CASCADE,
  organization_id uuid NOT NULL,
  sold_at timestamptz NOT NULL
);
CREATE INDEX sync_sales_in_flight_sold_idx ON sync_sales_in_flight (organization_id, sold_at);

-- Each listing a sale waits for, with the push request that carries it (the listing's push_seq
-- once the sale had flagged it): an answer to that request or a later one includes the sale.
-- failed: the channel refused that push for good (or no longer has the listing).
CREATE TABLE sync_sale_waits (
  listing_id uuid NOT NULL REFERENCES channel_listings (id) ON DELETE CASCADE,
  seq bigint NOT NULL,
  entry_id bigint NOT NULL REFERENCES sync_sales_in_flight (entry_id) ON DELETE CASCADE,
  failed boolean NOT NULL DEFAULT false,
  PRIMARY KEY (listing_id, seq, entry_id)
);
CREATE INDEX sync_sale_waits_entry_idx ON sync_sale_waits (entry_id);

-- Sales that reached their last channel, per organisation, UTC day of the sale and latency bucket:
-- bucket b holds latencies from 2^(b/8) ms to under 2^((b+1)/8) ms (whole milliseconds, at least
-- 1; SYNC_LATENCY_BUCKETS_PER_DOUBLING in the contract), so a percentile read from the buckets is
-- within 9% of the measured one. Written when a push is confirmed, never on the sale path; goes
-- with its organisation.
CREATE TABLE analytics_sync_latency_daily (
  organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  day date NOT NULL,
  bucket smallint NOT NULL CHECK (bucket >= 0),
  sales bigint NOT NULL CHECK (sales > 0),
  PRIMARY KEY (organization_id, day, bucket)
);
