-- Variants added or removed: a listing holding one of their SKUs belongs to that variant, or to
-- none, now; its conflicts are written again at commit (sku_conflicts_refresh,
-- docs/decisions/0057). A removed variant's own listings go with it (channel_listings' triggers).
-- Once per statement.
CREATE OR REPLACE FUNCTION sku_conflicts_variants_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO sku_conflicts_stale (organization_id, variant_ids, owner_skus)
  SELECT organization_id,
         CASE WHEN TG_OP = 'DELETE' THEN array_agg(id) ELSE '{}' END,
         coalesce(array_agg(lower(sku)) FILTER (WHERE sku <> ''), '{}')
  FROM changed_rows GROUP BY organization_id
  HAVING TG_OP = 'DELETE' OR bool_or(sku <> '');
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER sku_conflicts_variants_inserted
  AFTER INSERT ON product_variants REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION sku_conflicts_variants_changed();

CREATE OR REPLACE TRIGGER sku_conflicts_variants_deleted
  AFTER DELETE ON product_variants REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION sku_conflicts_variants_changed();
