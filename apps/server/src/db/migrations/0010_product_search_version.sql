-- search_version changes whenever what a product search matches may change other than by adding
-- or removing products (list_version counts those): a product's title changes, or a variant with
-- a SKU is added, removed, moved to another product or has its SKU changed. The server keeps the
-- products a search term matched for one (list_version, search_version) of the organisation, so
-- repeated searches and the pages of one search skip the trigram index work (docs/decisions/0014).
ALTER TABLE organization_catalog_stats ADD COLUMN search_version bigint NOT NULL DEFAULT 0;

-- No counters row means no products, so nothing held to invalidate.
CREATE FUNCTION bump_search_version(organization_ids uuid[]) RETURNS void LANGUAGE sql AS $$
  UPDATE organization_catalog_stats
  SET search_version = search_version + 1
  WHERE organization_id = ANY (organization_ids);
$$;

-- Row triggers with a column list: an UPDATE that does not set these columns (stock changes, the
-- aggregates) does not fire them at all; one that sets them unchanged is stopped by WHEN.
CREATE FUNCTION products_search_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_search_version(ARRAY[NEW.organization_id]);
  RETURN NULL;
END $$;

CREATE TRIGGER products_search_title
  AFTER UPDATE OF title ON products
  FOR EACH ROW WHEN (OLD.title IS DISTINCT FROM NEW.title)
  EXECUTE FUNCTION products_search_changed();

CREATE TRIGGER product_variants_search_update
  AFTER UPDATE OF sku, product_id ON product_variants
  FOR EACH ROW WHEN (OLD.sku IS DISTINCT FROM NEW.sku OR OLD.product_id IS DISTINCT FROM NEW.product_id)
  EXECUTE FUNCTION products_search_changed();

-- A variant without a SKU matches no search term (terms are never empty).
CREATE FUNCTION product_variants_search_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_search_version(ARRAY(SELECT DISTINCT organization_id FROM new_rows WHERE sku <> ''));
  RETURN NULL;
END $$;

CREATE FUNCTION product_variants_search_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_search_version(ARRAY(SELECT DISTINCT organization_id FROM old_rows WHERE sku <> ''));
  RETURN NULL;
END $$;

CREATE TRIGGER product_variants_search_insert
  AFTER INSERT ON product_variants REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION product_variants_search_inserted();
CREATE TRIGGER product_variants_search_delete
  AFTER DELETE ON product_variants REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION product_variants_search_deleted();
