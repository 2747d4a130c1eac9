-- Listings added or removed (import, link, unlink, a product, variant or account deleted): the
-- conflicts of their variants and of their (account, SKU) pairs are written again at commit
-- (sku_conflicts_refresh, docs/decisions/0057). Once per statement.
CREATE OR REPLACE FUNCTION sku_conflicts_listings_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO sku_conflicts_stale
    (organization_id, variant_ids, duplicate_connections, duplicate_skus)
  SELECT organization_id, array_agg(DISTINCT variant_id),
         coalesce(array_agg(connection_id) FILTER (WHERE channel_sku <> ''), '{}'),
         coalesce(array_agg(lower(channel_sku)) FILTER (WHERE channel_sku <> ''), '{}')
  FROM changed_rows GROUP BY organization_id;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER sku_conflicts_listings_inserted
  AFTER INSERT ON channel_listings REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION sku_conflicts_listings_changed();

CREATE OR REPLACE TRIGGER sku_conflicts_listings_deleted
  AFTER DELETE ON channel_listings REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION sku_conflicts_listings_changed();
