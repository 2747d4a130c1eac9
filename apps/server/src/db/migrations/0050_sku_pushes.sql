-- SKU write-back (issue 25 item 1, docs/decisions/0055): each listing's SKU sent to its channel.

-- The SKU the channel was last told for this listing by a write-back (null: never pushed; an
-- eBay listing's SKU is its external_variant_id).
ALTER TABLE channel_listings ADD COLUMN channel_sku text;

-- One row per listing per confirmed write-back: queued until the connection's job sends it, then
-- pushed, refused (the channel said no, or cannot change it: eBay) or failed (retries used up).
CREATE TABLE sku_pushes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  connection_id uuid NOT NULL REFERENCES platform_connections (id) ON DELETE CASCADE,
  listing_id uuid NOT NULL REFERENCES channel_listings (id) ON DELETE CASCADE,
  sku text NOT NULL,
  status text NOT NULL CHECK (status IN ('queued', 'pushed', 'refused', 'failed')),
  message text,
  attempts integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
-- What a connection's job sends: its queued rows.
CREATE INDEX sku_pushes_queued_idx ON sku_pushes (connection_id) WHERE status = 'queued';
-- A listing's latest result.
CREATE INDEX sku_pushes_listing_idx ON sku_pushes (listing_id, created_at DESC);
