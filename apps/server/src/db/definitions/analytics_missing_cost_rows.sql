-- Keeps the Missing cost counts (analytics_missing_cost_apply) for variants added or removed:
-- once per statement (imports add thousands in one).
CREATE OR REPLACE FUNCTION analytics_missing_cost_rows() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  orgs uuid[];
  products uuid[];
  deltas integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(organization_id), array_agg(product_id), array_agg(1)
      INTO orgs, products, deltas FROM new_rows WHERE cost_price = 0;
  ELSE
    SELECT array_agg(organization_id), array_agg(product_id), array_agg(-1)
      INTO orgs, products, deltas FROM old_rows WHERE cost_price = 0;
  END IF;
  IF orgs IS NOT NULL THEN
    PERFORM analytics_missing_cost_apply(orgs, products, deltas);
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER analytics_missing_cost_insert
  AFTER INSERT ON product_variants REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_missing_cost_rows();

CREATE OR REPLACE TRIGGER analytics_missing_cost_delete
  AFTER DELETE ON product_variants REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_missing_cost_rows();
