-- Orders by the channel's own name (issue 26, ADR 0054): Shopify names an order "#1003" while its
-- id (kept in the ledger's reference, for links) is a gid; eBay and TikTok Shop orders are known by
-- their id. A name is recorded when the order's webhook is, and read with the ledger and for the
-- activity entry of the change the order explains.
CREATE TABLE channel_order_names (
  connection_id uuid NOT NULL REFERENCES platform_connections (id) ON DELETE CASCADE,
  order_id text NOT NULL,
  name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (connection_id, order_id)
);
