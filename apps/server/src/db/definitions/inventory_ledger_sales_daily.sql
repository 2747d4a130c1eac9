-- Sales per day (analytics_sales_daily, migration 0037), kept as each order entry is written: one
-- upsert per sold line, in the stock change's own transaction, so the summary never reads the
-- ledger. Units sold at a price in the organisation's currency count at that price; the rest are
-- estimated at the variant's price when the sale is recorded (the organisation's currency; orders
-- in another currency are not converted). Entries are never updated, and a deleted variant's or
-- connection's sales stay counted (they happened).
CREATE OR REPLACE FUNCTION inventory_ledger_sales_daily() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  units integer := -NEW.delta;
  estimated boolean;
  price numeric;
BEGIN
  estimated := NEW.unit_price IS NULL OR NEW.currency IS DISTINCT FROM
    (SELECT currency FROM organizations WHERE id = NEW.organization_id);
  price := CASE WHEN estimated
    THEN (SELECT current_price FROM product_variants WHERE id = NEW.variant_id)
    ELSE NEW.unit_price END;
  INSERT INTO analytics_sales_daily AS s
    (organization_id, day, connection_id, variant_id, units, revenue, estimated_units,
     estimated_revenue)
  VALUES (NEW.organization_id, (NEW.created_at AT TIME ZONE 'UTC')::date,
          coalesce(NEW.connection_id, '00000000-0000-0000-0000-000000000000'), NEW.variant_id,
          units, units * coalesce(price, 0), CASE WHEN estimated THEN units ELSE 0 END,
          CASE WHEN estimated THEN units * coalesce(price, 0) ELSE 0 END)
  ON CONFLICT (organization_id, day, connection_id, variant_id) DO UPDATE
  SET units = s.units + excluded.units,
      revenue = s.revenue + excluded.revenue,
      estimated_units = s.estimated_units + excluded.estimated_units,
      estimated_revenue = s.estimated_revenue + excluded.estimated_revenue;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER inventory_ledger_sales_daily
  AFTER INSERT ON inventory_ledger
  FOR EACH ROW WHEN (NEW.cause = 'order' AND NEW.delta < 0)
  EXECUTE FUNCTION inventory_ledger_sales_daily();
