-- Channel connections (accounts, encrypted tokens), OAuth states, processed webhook events and
-- import jobs (docs/decisions/0020..0023).

ALTER TABLE platform_connections
  ADD COLUMN sandbox boolean NOT NULL DEFAULT false,
  -- The account on the channel: Shopify shop domain, eBay user id, TikTok shop id. One connection
  -- per account and organisation; reconnecting the same account updates it.
  ADD COLUMN external_account_id text,
  ADD COLUMN username text,
  ADD COLUMN ebay_id text,
  ADD COLUMN marketplace_id text,
  ADD COLUMN shop_domain text,
  ADD COLUMN tiktok_shop_id text,
  ADD COLUMN tiktok_shop_cipher text,
  -- AES-256-GCM (lib/crypto.ts), key derived from APP_SECRET.
  ADD COLUMN access_token_enc text,
  ADD COLUMN refresh_token_enc text,
  ADD COLUMN access_token_expires_at timestamptz,
  ADD COLUMN refresh_token_expiry timestamptz,
  ADD COLUMN scopes text[] NOT NULL DEFAULT '{}',
  ADD COLUMN created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now(),
  ADD COLUMN disconnected_at timestamptz,
  ADD COLUMN last_error text;
CREATE UNIQUE INDEX platform_connections_account_key
  ON platform_connections (organization_id, platform, external_account_id)
  WHERE external_account_id IS NOT NULL;
-- Token refresh scan and webhook lookups by account.
CREATE INDEX platform_connections_refresh_idx
  ON platform_connections (access_token_expires_at) WHERE status = 'active';
CREATE INDEX platform_connections_account_idx
  ON platform_connections (platform, external_account_id);

-- Disconnected connections keep their listings (a reconnect relinks them) but no longer count on
-- the product list's per-platform counts (docs/decisions/0021).
CREATE OR REPLACE FUNCTION refresh_product_aggregates(ids uuid[]) RETURNS void
LANGUAGE sql AS $$
  UPDATE products p
  SET variant_count = a.variant_count,
      available_qty = a.available_qty,
      missing_sku_count = a.missing_sku_count,
      single_sku = a.single_sku,
      platforms = a.platforms
  FROM (
    SELECT t.id, v.*, pl.platforms
    FROM (SELECT DISTINCT id FROM unnest(ids) AS u (id)) t
    CROSS JOIN LATERAL (
      SELECT count(*)::integer AS variant_count,
             coalesce(sum(pv.available_qty), 0)::bigint AS available_qty,
             (count(*) FILTER (WHERE pv.sku = ''))::integer AS missing_sku_count,
             CASE WHEN count(*) = 1 THEN coalesce(min(pv.sku), '') ELSE '' END AS single_sku
      FROM product_variants pv
      WHERE pv.product_id = t.id
    ) v
    CROSS JOIN LATERAL (
      SELECT coalesce(jsonb_object_agg(x.platform,
                        jsonb_build_object('name', x.platform, 'connections', x.connections)),
                      '{}'::jsonb) AS platforms
      FROM (
        SELECT pc.platform, count(DISTINCT cl.connection_id)::integer AS connections
        FROM product_variants pv
        JOIN channel_listings cl ON cl.variant_id = pv.id
        JOIN platform_connections pc ON pc.id = cl.connection_id
        WHERE pv.product_id = t.id AND pc.status <> 'disconnected'
        GROUP BY pc.platform
      ) x
    ) pl
  ) a
  WHERE p.id = a.id
    AND (p.variant_count, p.available_qty, p.missing_sku_count, p.single_sku, p.platforms)
        IS DISTINCT FROM
        (a.variant_count, a.available_qty, a.missing_sku_count, a.single_sku, a.platforms);
$$;

-- OAuth state: only a hash is stored; single use, short-lived, bound to user and organisation.
CREATE TABLE oauth_states (
  state_hash text PRIMARY KEY,
  platform text NOT NULL CHECK (platform IN ('shopify', 'ebay', 'tiktok')),
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  shop text,
  expires_at timestamptz NOT NULL,
  consumed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX oauth_states_expires_idx ON oauth_states (expires_at);

CREATE TABLE processed_webhook_events (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  provider text NOT NULL,
  event_id text NOT NULL,
  topic text NOT NULL,
  account text,
  received_at timestamptz NOT NULL DEFAULT now(),
  processed_at timestamptz,
  UNIQUE (provider, event_id)
);

CREATE TABLE imports (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  connection_id uuid NOT NULL REFERENCES platform_connections (id) ON DELETE CASCADE,
  user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  status text NOT NULL DEFAULT 'queued'
    CHECK (status IN ('queued', 'running', 'completed', 'failed')),
  -- null = the whole catalogue.
  product_ids text[],
  total integer NOT NULL DEFAULT 0,
  done integer NOT NULL DEFAULT 0,
  failed integer NOT NULL DEFAULT 0,
  error text,
  started_at timestamptz,
  finished_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX imports_org_connection_idx ON imports (organization_id, connection_id, created_at DESC);
