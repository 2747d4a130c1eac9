-- Pushes to a channel with compare-and-set (Shopify) in flight: written before the call and
-- removed once its answer is recorded. A job that died in between replays the same batch with the
-- same idempotency key, so the channel answers as it did the first time instead of reporting our
-- own landed write as a conflict (which would read as a change made on the channel).
CREATE TABLE push_batches (
  idempotency_key text PRIMARY KEY,
  connection_id uuid NOT NULL REFERENCES platform_connections (id) ON DELETE CASCADE,
  -- [{listing_id, quantity, compare, seq}] in the order they were sent.
  rows jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX push_batches_connection_idx ON push_batches (connection_id, created_at);
