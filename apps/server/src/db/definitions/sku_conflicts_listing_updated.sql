-- A listing's channel SKU, variant or account changed (import, write-back result, link): its
-- conflicts before and after are written again at commit (sku_conflicts_refresh,
-- docs/decisions/0057). A row trigger naming its columns, since PostgreSQL gives no transition
-- tables to those: quantity and push bookkeeping never fire it.
CREATE OR REPLACE FUNCTION sku_conflicts_listing_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO sku_conflicts_stale
    (organization_id, variant_ids, duplicate_connections, duplicate_skus)
  SELECT NEW.organization_id, ARRAY[OLD.variant_id, NEW.variant_id],
         coalesce(array_agg(k.connection_id), '{}'), coalesce(array_agg(k.sku), '{}')
  FROM (VALUES (OLD.connection_id, lower(OLD.channel_sku)),
               (NEW.connection_id, lower(NEW.channel_sku))) k (connection_id, sku)
  WHERE k.sku <> '';
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER sku_conflicts_listing_updated
  AFTER UPDATE OF channel_sku, variant_id, connection_id ON channel_listings
  FOR EACH ROW
  WHEN (OLD.channel_sku IS DISTINCT FROM NEW.channel_sku
    OR OLD.variant_id IS DISTINCT FROM NEW.variant_id
    OR OLD.connection_id IS DISTINCT FROM NEW.connection_id)
  EXECUTE FUNCTION sku_conflicts_listing_updated();
