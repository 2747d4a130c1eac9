-- The incremental stock check (issue 26, ADR 0054): how far a connection's changes have been read.
-- Shopify: the channel's own time (updated_at, whole seconds) of the newest inventory level the
-- check has seen at the synced location; the next check reads levels changed since then. NULL
-- until the first check (eBay keeps none: it has no changed-since read).
ALTER TABLE platform_connections
  ADD COLUMN changes_seen_at timestamptz;
