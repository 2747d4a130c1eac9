-- Keeps the Missing cost counts (analytics_missing_cost_apply) for a variant whose cost became or
-- stopped being 0, or that moved: row by row, and only those. A stock change sets none of these
-- columns, so PostgreSQL does not even consider the trigger for it.
CREATE OR REPLACE FUNCTION analytics_missing_cost_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM analytics_missing_cost_apply(
    ARRAY[OLD.organization_id, NEW.organization_id], ARRAY[OLD.product_id, NEW.product_id],
    ARRAY[CASE WHEN OLD.cost_price = 0 THEN -1 ELSE 0 END,
          CASE WHEN NEW.cost_price = 0 THEN 1 ELSE 0 END]);
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER analytics_missing_cost_update
  AFTER UPDATE OF cost_price, product_id, organization_id ON product_variants
  FOR EACH ROW
  WHEN ((OLD.cost_price = 0) IS DISTINCT FROM (NEW.cost_price = 0)
        OR OLD.product_id IS DISTINCT FROM NEW.product_id
        OR OLD.organization_id IS DISTINCT FROM NEW.organization_id)
  EXECUTE FUNCTION analytics_missing_cost_changed();
