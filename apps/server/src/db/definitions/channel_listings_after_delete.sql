-- Product aggregates (refresh_product_aggregates) of the products whose variants lost listings:
-- their per-platform counts change. Once per statement, unless the writer defers them.
CREATE OR REPLACE FUNCTION channel_listings_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF product_aggregates_deferred() THEN RETURN NULL; END IF;
  PERFORM refresh_product_aggregates(ARRAY(
    SELECT DISTINCT pv.product_id FROM old_rows o JOIN product_variants pv ON pv.id = o.variant_id));
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER channel_listings_aggregates_delete
  AFTER DELETE ON channel_listings REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION channel_listings_after_delete();
