-- Stock sync (issue 6, docs/decisions/0025-stock-sync.md): what we know each channel holds, the
-- work waiting per listing, and the append-only ledger of master quantity changes.

ALTER TABLE channel_listings
  -- Our knowledge of the channel's available quantity: the last value it confirmed or accepted
  -- from us. NULL = unknown (the next push sets it without a compare).
  ADD COLUMN channel_qty integer,
  ADD COLUMN confirmed_at timestamptz,
  -- Bumped whenever channel_qty changes, so a delta found by a read is applied once.
  ADD COLUMN channel_version bigint NOT NULL DEFAULT 0,
  -- The master changed (or the channel drifted): this listing needs a push. push_seq is bumped
  -- with every request so a push only clears the flag for the request it served.
  ADD COLUMN push_pending boolean NOT NULL DEFAULT false,
  ADD COLUMN push_seq bigint NOT NULL DEFAULT 0,
  ADD COLUMN push_error text,
  -- The channel told us something changed (webhook): re-read it. check_reason labels the ledger
  -- entry (an order id when an order webhook asked for the check).
  ADD COLUMN check_pending boolean NOT NULL DEFAULT false,
  ADD COLUMN check_reason text,
  -- Channels without compare-and-set: a read that differs from channel_qty is trusted only when a
  -- later read still shows it (an unprocessed order would explain it otherwise).
  ADD COLUMN drift_qty integer,
  ADD COLUMN drift_seen_at timestamptz;

UPDATE channel_listings SET channel_qty = last_seen_qty, confirmed_at = last_seen_at;

CREATE INDEX channel_listings_push_pending_idx ON channel_listings (connection_id)
  WHERE push_pending;
CREATE INDEX channel_listings_check_pending_idx ON channel_listings (connection_id)
  WHERE check_pending;
CREATE INDEX channel_listings_inventory_item_idx
  ON channel_listings (connection_id, external_inventory_item_id);

ALTER TABLE platform_connections
  -- eBay: orders modified at or after this instant have been read (minus an overlap window).
  ADD COLUMN orders_polled_at timestamptz,
  ADD COLUMN reconciled_at timestamptz;

CREATE TABLE inventory_ledger (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  variant_id uuid NOT NULL REFERENCES product_variants (id) ON DELETE CASCADE,
  delta integer NOT NULL,
  qty_before integer NOT NULL,
  qty_after integer NOT NULL CHECK (qty_after = qty_before + delta),
  cause text NOT NULL
    CHECK (cause IN ('order', 'channel_edit', 'manual', 'import', 'reconciliation')),
  connection_id uuid REFERENCES platform_connections (id) ON DELETE SET NULL,
  reference text,
  user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  -- From the channel's event (order id and line, webhook id) or our own operation: a change is
  -- applied at most once whichever process or retry sees it.
  idempotency_key text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX inventory_ledger_idempotency_key
  ON inventory_ledger (organization_id, idempotency_key);
CREATE INDEX inventory_ledger_variant_idx ON inventory_ledger (variant_id, id);

-- Append-only: entries are never edited (deleting a variant or organisation removes its entries).
CREATE FUNCTION inventory_ledger_no_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'inventory_ledger is append-only';
END $$;
CREATE TRIGGER inventory_ledger_append_only
  BEFORE UPDATE ON inventory_ledger
  FOR EACH ROW EXECUTE FUNCTION inventory_ledger_no_update();
