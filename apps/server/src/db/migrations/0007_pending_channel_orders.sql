-- Orders a channel named in a webhook but did not describe (TikTok Shop): fetched in batches by the
-- connection's sync job (one getOrders call for up to 50), then applied and removed.
CREATE TABLE pending_channel_orders (
  connection_id uuid NOT NULL REFERENCES platform_connections (id) ON DELETE CASCADE,
  order_id text NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (connection_id, order_id)
);
