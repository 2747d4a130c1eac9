-- Product aggregates (refresh_product_aggregates) of the products whose variants gained listings:
-- their per-platform counts change. Once per statement, unless the writer defers them.
CREATE OR REPLACE FUNCTION channel_listings_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF product_aggregates_deferred() THEN RETURN NULL; END IF;
  PERFORM refresh_product_aggregates(ARRAY(
    SELECT DISTINCT pv.product_id FROM new_rows n JOIN product_variants pv ON pv.id = n.variant_id));
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER channel_listings_aggregates_insert
  AFTER INSERT ON channel_listings REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION channel_listings_after_insert();
