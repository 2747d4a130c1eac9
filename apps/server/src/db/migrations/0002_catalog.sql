-- Catalogue: platform connections (minimal), products, variants, channel listings, activity log,
-- SKU settings, and the per-product / per-organisation aggregates the product list reads
-- (docs/decisions/0010-product-list-aggregates.md).

CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE platform_connections (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  platform text NOT NULL CHECK (platform IN ('shopify', 'ebay', 'tiktok')),
  alias text NOT NULL CHECK (length(alias) BETWEEN 1 AND 100),
  status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'needs_reauth', 'disconnected')),
  sync_enabled boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX platform_connections_alias_key
  ON platform_connections (organization_id, platform, lower(alias));

CREATE TABLE products (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  title text NOT NULL CHECK (length(title) <= 500),
  is_synced boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  -- Aggregates over variants and listings, maintained by the triggers below. Never written by
  -- application code.
  variant_count integer NOT NULL DEFAULT 0,
  available_qty bigint NOT NULL DEFAULT 0,
  missing_sku_count integer NOT NULL DEFAULT 0,
  single_sku text NOT NULL DEFAULT '',
  platforms jsonb NOT NULL DEFAULT '{}'::jsonb
) WITH (fillfactor = 80); -- room for HOT updates of the flags and aggregates (none is indexed)
-- Newest first, stable: the list's order, its keyset cursor and its deep-page offsets.
CREATE INDEX products_org_created_idx ON products (organization_id, created_at, id);
CREATE INDEX products_title_trgm_idx ON products USING gin (title gin_trgm_ops);

-- Variants and listings carry organization_id for scoping; they are removed with their product or
-- connection (which cascade from the organisation), so no second foreign key is checked per row.
CREATE TABLE product_variants (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organization_id uuid NOT NULL,
  product_id uuid NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  position integer NOT NULL DEFAULT 0,
  title text NOT NULL CHECK (length(title) <= 500),
  option1 text,
  option2 text,
  option3 text,
  sku text NOT NULL DEFAULT '' CHECK (sku = btrim(sku) AND length(sku) <= 100),
  available_qty integer NOT NULL DEFAULT 0,
  cost_price numeric(12, 2) NOT NULL DEFAULT 0 CHECK (cost_price >= 0),
  current_price numeric(12, 2) NOT NULL DEFAULT 0 CHECK (current_price >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX product_variants_product_idx ON product_variants (product_id, position, id);
-- SKU unique per organisation, ignoring case, when not empty.
CREATE UNIQUE INDEX product_variants_sku_key
  ON product_variants (organization_id, lower(sku)) WHERE sku <> '';
CREATE INDEX product_variants_missing_sku_idx
  ON product_variants (organization_id, product_id) WHERE sku = '';
-- Search by any part of a SKU.
CREATE INDEX product_variants_sku_trgm_idx ON product_variants USING gin (sku gin_trgm_ops);

CREATE TABLE channel_listings (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organization_id uuid NOT NULL,
  connection_id uuid NOT NULL REFERENCES platform_connections (id) ON DELETE CASCADE,
  variant_id uuid NOT NULL REFERENCES product_variants (id) ON DELETE CASCADE,
  external_product_id text NOT NULL,
  external_variant_id text NOT NULL,
  external_inventory_item_id text,
  external_location_id text,
  last_seen_qty integer,
  last_pushed_qty integer,
  last_seen_at timestamptz,
  last_pushed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX channel_listings_connection_variant_key
  ON channel_listings (connection_id, variant_id);
CREATE UNIQUE INDEX channel_listings_external_key
  ON channel_listings (connection_id, external_variant_id);
CREATE INDEX channel_listings_variant_idx ON channel_listings (variant_id);

CREATE TABLE activity_logs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  activity text NOT NULL,
  note text NOT NULL DEFAULT '',
  status text NOT NULL CHECK (status IN ('success', 'error', 'info', 'in_progress')),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX activity_logs_org_created_idx ON activity_logs (organization_id, created_at, id);

CREATE TABLE sku_settings (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organization_id uuid NOT NULL UNIQUE REFERENCES organizations (id) ON DELETE CASCADE,
  prefix text NOT NULL DEFAULT '' CHECK (prefix ~ '^[A-Za-z0-9]{0,4}$'),
  suffix text NOT NULL DEFAULT '' CHECK (suffix ~ '^[A-Za-z0-9]{0,4}$'),
  delimiter text NOT NULL DEFAULT '-' CHECK (delimiter IN ('', '-', '_', '.', 'null')),
  auto_create boolean NOT NULL DEFAULT false,
  generation_strategy text NOT NULL DEFAULT 'RANDOM'
    CHECK (generation_strategy IN ('RANDOM', 'PRODUCT_BASED', 'TEMPLATE')),
  sku_template text NOT NULL DEFAULT '' CHECK (length(sku_template) <= 200),
  sku_length integer NOT NULL DEFAULT 8 CHECK (sku_length BETWEEN 1 AND 50),
  character_set text NOT NULL DEFAULT 'ALPHANUMERIC'
    CHECK (character_set IN ('ALPHANUMERIC', 'ALPHABETIC', 'NUMERIC', 'CUSTOM')),
  custom_characters text NOT NULL DEFAULT '' CHECK (length(custom_characters) <= 100),
  max_retries integer NOT NULL DEFAULT 3 CHECK (max_retries BETWEEN 1 AND 10),
  -- {SEQ} of the next generated SKU.
  next_seq bigint NOT NULL DEFAULT 1 CHECK (next_seq >= 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Per-organisation counters so the product list's total costs one primary-key lookup.
-- list_version changes whenever a product is added or removed (the list's order changes).
CREATE TABLE organization_catalog_stats (
  organization_id uuid PRIMARY KEY REFERENCES organizations (id) ON DELETE CASCADE,
  product_count bigint NOT NULL DEFAULT 0,
  synced_count bigint NOT NULL DEFAULT 0,
  missing_sku_count bigint NOT NULL DEFAULT 0,
  list_version bigint NOT NULL DEFAULT 0
);

-- ---------------------------------------------------------------------------------------------
-- Product aggregates: recomputed set-wise for the products a statement touched.

-- Per-product lookups (LATERAL) so each touched product costs a few index probes whatever the
-- size of the catalogue.
CREATE FUNCTION refresh_product_aggregates(ids uuid[]) RETURNS void
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
        WHERE pv.product_id = t.id
        GROUP BY pc.platform
      ) x
    ) pl
  ) a
  WHERE p.id = a.id
    AND (p.variant_count, p.available_qty, p.missing_sku_count, p.single_sku, p.platforms)
        IS DISTINCT FROM
        (a.variant_count, a.available_qty, a.missing_sku_count, a.single_sku, a.platforms);
$$;

-- Bulk writers (the seed, imports) may set stocksync.defer_product_aggregates = 'on' for their
-- transaction and call refresh_product_aggregates once for everything they wrote.
CREATE FUNCTION product_aggregates_deferred() RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT coalesce(current_setting('stocksync.defer_product_aggregates', true), '') = 'on';
$$;

CREATE FUNCTION product_variants_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF product_aggregates_deferred() THEN RETURN NULL; END IF;
  PERFORM refresh_product_aggregates(ARRAY(SELECT DISTINCT product_id FROM new_rows));
  RETURN NULL;
END $$;

CREATE FUNCTION product_variants_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF product_aggregates_deferred() THEN RETURN NULL; END IF;
  PERFORM refresh_product_aggregates(ARRAY(SELECT DISTINCT product_id FROM old_rows));
  RETURN NULL;
END $$;

-- Only changes that matter to the aggregates (not prices or costs) trigger a refresh.
CREATE FUNCTION product_variants_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  affected uuid[];
BEGIN
  IF product_aggregates_deferred() THEN RETURN NULL; END IF;
  SELECT array_agg(DISTINCT x.product_id) INTO affected
  FROM (
    SELECT o.product_id, n.product_id AS new_product_id
    FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE o.sku IS DISTINCT FROM n.sku
       OR o.available_qty IS DISTINCT FROM n.available_qty
       OR o.product_id IS DISTINCT FROM n.product_id
       OR o.position IS DISTINCT FROM n.position
  ) changed
  CROSS JOIN LATERAL (VALUES (changed.product_id), (changed.new_product_id)) AS x (product_id);
  IF affected IS NOT NULL THEN
    PERFORM refresh_product_aggregates(affected);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER product_variants_aggregates_insert
  AFTER INSERT ON product_variants REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION product_variants_after_insert();
CREATE TRIGGER product_variants_aggregates_delete
  AFTER DELETE ON product_variants REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION product_variants_after_delete();
CREATE TRIGGER product_variants_aggregates_update
  AFTER UPDATE ON product_variants REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION product_variants_after_update();

CREATE FUNCTION channel_listings_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF product_aggregates_deferred() THEN RETURN NULL; END IF;
  PERFORM refresh_product_aggregates(ARRAY(
    SELECT DISTINCT pv.product_id FROM new_rows n JOIN product_variants pv ON pv.id = n.variant_id));
  RETURN NULL;
END $$;

CREATE FUNCTION channel_listings_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF product_aggregates_deferred() THEN RETURN NULL; END IF;
  PERFORM refresh_product_aggregates(ARRAY(
    SELECT DISTINCT pv.product_id FROM old_rows o JOIN product_variants pv ON pv.id = o.variant_id));
  RETURN NULL;
END $$;

-- Quantity bookkeeping on listings is frequent and does not change the aggregates.
CREATE FUNCTION channel_listings_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  affected uuid[];
BEGIN
  IF product_aggregates_deferred() THEN RETURN NULL; END IF;
  SELECT array_agg(DISTINCT pv.product_id) INTO affected
  FROM old_rows o
  JOIN new_rows n ON n.id = o.id
  JOIN product_variants pv ON pv.id IN (o.variant_id, n.variant_id)
  WHERE o.variant_id IS DISTINCT FROM n.variant_id
     OR o.connection_id IS DISTINCT FROM n.connection_id;
  IF affected IS NOT NULL THEN
    PERFORM refresh_product_aggregates(affected);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER channel_listings_aggregates_insert
  AFTER INSERT ON channel_listings REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION channel_listings_after_insert();
CREATE TRIGGER channel_listings_aggregates_delete
  AFTER DELETE ON channel_listings REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION channel_listings_after_delete();
CREATE TRIGGER channel_listings_aggregates_update
  AFTER UPDATE ON channel_listings REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION channel_listings_after_update();

-- ---------------------------------------------------------------------------------------------
-- Organisation counters: deltas from each statement on products, applied once per organisation.

CREATE FUNCTION apply_catalog_stats(
  deltas_json jsonb
) RETURNS void LANGUAGE sql AS $$
  INSERT INTO organization_catalog_stats AS s
    (organization_id, product_count, synced_count, missing_sku_count, list_version)
  SELECT (d->>'organization_id')::uuid, (d->>'products')::bigint, (d->>'synced')::bigint,
         (d->>'missing')::bigint, (d->>'version')::bigint
  FROM jsonb_array_elements(deltas_json) d
  ON CONFLICT (organization_id) DO UPDATE
  SET product_count = s.product_count + excluded.product_count,
      synced_count = s.synced_count + excluded.synced_count,
      missing_sku_count = s.missing_sku_count + excluded.missing_sku_count,
      list_version = s.list_version + excluded.list_version;
$$;

CREATE FUNCTION products_stats_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM apply_catalog_stats(coalesce((
    SELECT jsonb_agg(jsonb_build_object(
      'organization_id', organization_id, 'products', n, 'synced', synced,
      'missing', missing, 'version', 1))
    FROM (
      SELECT organization_id, count(*) AS n, count(*) FILTER (WHERE is_synced) AS synced,
             count(*) FILTER (WHERE missing_sku_count > 0) AS missing
      FROM new_rows GROUP BY organization_id
    ) g), '[]'::jsonb));
  RETURN NULL;
END $$;

CREATE FUNCTION products_stats_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Rows removed by an organisation's own deletion take its counters with them.
  PERFORM apply_catalog_stats(coalesce((
    SELECT jsonb_agg(jsonb_build_object(
      'organization_id', organization_id, 'products', -n, 'synced', -synced,
      'missing', -missing, 'version', 1))
    FROM (
      SELECT o.organization_id, count(*) AS n, count(*) FILTER (WHERE o.is_synced) AS synced,
             count(*) FILTER (WHERE o.missing_sku_count > 0) AS missing
      FROM old_rows o
      WHERE EXISTS (SELECT 1 FROM organizations org WHERE org.id = o.organization_id)
      GROUP BY o.organization_id
    ) g), '[]'::jsonb));
  RETURN NULL;
END $$;

CREATE FUNCTION products_stats_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM apply_catalog_stats(coalesce((
    SELECT jsonb_agg(jsonb_build_object(
      'organization_id', organization_id, 'products', 0, 'synced', synced,
      'missing', missing, 'version', 0))
    FROM (
      SELECT n.organization_id,
             sum(n.is_synced::int - o.is_synced::int) AS synced,
             sum((n.missing_sku_count > 0)::int - (o.missing_sku_count > 0)::int) AS missing
      FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE n.is_synced IS DISTINCT FROM o.is_synced
         OR (n.missing_sku_count > 0) IS DISTINCT FROM (o.missing_sku_count > 0)
      GROUP BY n.organization_id
    ) g
    WHERE synced <> 0 OR missing <> 0), '[]'::jsonb));
  RETURN NULL;
END $$;

CREATE TRIGGER products_stats_insert
  AFTER INSERT ON products REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION products_stats_after_insert();
CREATE TRIGGER products_stats_delete
  AFTER DELETE ON products REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION products_stats_after_delete();
CREATE TRIGGER products_stats_update
  AFTER UPDATE ON products REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION products_stats_after_update();
