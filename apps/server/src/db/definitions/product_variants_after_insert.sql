-- Product aggregates (refresh_product_aggregates) of the products that gained variants, once per
-- statement, unless the writer defers them.
CREATE OR REPLACE FUNCTION product_variants_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF product_aggregates_deferred() THEN RETURN NULL; END IF;
  PERFORM refresh_product_aggregates(ARRAY(SELECT DISTINCT product_id FROM new_rows));
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER product_variants_aggregates_insert
  AFTER INSERT ON product_variants REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION product_variants_after_insert();
