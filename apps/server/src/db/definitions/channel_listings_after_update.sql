-- Quantity bookkeeping on listings is frequent and does not change the aggregates: only a listing
-- moved to another variant or connection refreshes its products.
CREATE OR REPLACE FUNCTION channel_listings_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
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

CREATE OR REPLACE TRIGGER channel_listings_aggregates_update
  AFTER UPDATE ON channel_listings REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION channel_listings_after_update();
