-- Quantity bookkeeping on listings is frequent and does not change the aggregates: only a listing
-- moved to another variant or connection refreshes its products (its old and its new variant's).
-- A moved listing is a (listing, variant, connection) row on one side only, found by set
-- differences rather than a join: plpgsql keeps a plan made for the session's first (often
-- one-row) statement, and a nested loop over two transition tables is quadratic (ADR 0063).
CREATE OR REPLACE FUNCTION channel_listings_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  affected uuid[];
BEGIN
  IF product_aggregates_deferred() THEN RETURN NULL; END IF;
  SELECT array_agg(DISTINCT pv.product_id) INTO affected
  FROM ((SELECT id, variant_id, connection_id FROM old_rows
         EXCEPT SELECT id, variant_id, connection_id FROM new_rows)
        UNION
        (SELECT id, variant_id, connection_id FROM new_rows
         EXCEPT SELECT id, variant_id, connection_id FROM old_rows)) moved
  JOIN product_variants pv ON pv.id = moved.variant_id;
  IF affected IS NOT NULL THEN
    PERFORM refresh_product_aggregates(affected);
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER channel_listings_aggregates_update
  AFTER UPDATE ON channel_listings REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION channel_listings_after_update();
