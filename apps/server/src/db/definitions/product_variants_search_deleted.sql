-- Deleted variants with a SKU move their organisation's search_version on (bump_search_version). A
-- variant without a SKU matches no search term (terms are never empty).
CREATE OR REPLACE FUNCTION product_variants_search_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_search_version(ARRAY(SELECT DISTINCT organization_id FROM old_rows WHERE sku <> ''));
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER product_variants_search_delete
  AFTER DELETE ON product_variants REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION product_variants_search_deleted();
