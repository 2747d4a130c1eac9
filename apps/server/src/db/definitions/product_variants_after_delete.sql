-- Product aggregates (refresh_product_aggregates) of the products that lost variants, once per
-- statement, unless the writer defers them.
CREATE OR REPLACE FUNCTION product_variants_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF product_aggregates_deferred() THEN RETURN NULL; END IF;
  PERFORM refresh_product_aggregates(ARRAY(SELECT DISTINCT product_id FROM old_rows));
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER product_variants_aggregates_delete
  AFTER DELETE ON product_variants REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION product_variants_after_delete();
