-- Sales per day (analytics_sales_daily, migration 0037), per day and channel
-- (analytics_sales_channel_daily) and per month and variant (analytics_sales_variant_monthly,
-- migration 0039), kept as each order entry is written: one upsert per table and sold line, in the
-- stock change's own transaction, so the summary never reads the ledger. Units sold at a price in
-- the organisation's currency count at that price; the rest are estimated at the variant's price
-- when the sale is recorded (the organisation's currency; orders in another currency are not
-- converted). Entries are never updated, and a deleted variant's or connection's sales stay
-- counted (they happened).
CREATE OR REPLACE FUNCTION inventory_ledger_sales_daily() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  units integer := -NEW.delta;
  sale_day date := (NEW.created_at AT TIME ZONE 'UTC')::date;
  sale_connection uuid := coalesce(NEW.connection_id, '00000000-0000-0000-0000-000000000000');
  estimated boolean;
  price numeric;
  sale_revenue numeric;
  sale_estimated_units integer;
  sale_estimated_revenue numeric;
BEGIN
  estimated := NEW.unit_price IS NULL OR NEW.currency IS DISTINCT FROM
    (SELECT currency FROM organizations WHERE id = NEW.organization_id);
  price := CASE WHEN estimated
    THEN (SELECT current_price FROM product_variants WHERE id = NEW.variant_id)
    ELSE NEW.unit_price END;
  sale_revenue := units * coalesce(price, 0);
  sale_estimated_units := CASE WHEN estimated THEN units ELSE 0 END;
  sale_estimated_revenue := CASE WHEN estimated THEN sale_revenue ELSE 0 END;

  INSERT INTO analytics_sales_daily AS s
    (organization_id, day, connection_id, variant_id, units, revenue, estimated_units,
     estimated_revenue)
  VALUES (NEW.organization_id, sale_day, sale_connection, NEW.variant_id, units, sale_revenue,
          sale_estimated_units, sale_estimated_revenue)
  ON CONFLICT (organization_id, day, connection_id, variant_id) DO UPDATE
  SET units = s.units + excluded.units,
      revenue = s.revenue + excluded.revenue,
      estimated_units = s.estimated_units + excluded.estimated_units,
      estimated_revenue = s.estimated_revenue + excluded.estimated_revenue;

  INSERT INTO analytics_sales_channel_daily AS c
    (organization_id, day, connection_id, units, revenue, estimated_units, estimated_revenue)
  VALUES (NEW.organization_id, sale_day, sale_connection, units, sale_revenue, sale_estimated_units,
          sale_estimated_revenue)
  ON CONFLICT (organization_id, day, connection_id) DO UPDATE
  SET units = c.units + excluded.units,
      revenue = c.revenue + excluded.revenue,
      estimated_units = c.estimated_units + excluded.estimated_units,
      estimated_revenue = c.estimated_revenue + excluded.estimated_revenue;

  INSERT INTO analytics_sales_variant_monthly AS m
    (organization_id, month, variant_id, units, revenue)
  VALUES (NEW.organization_id, date_trunc('month', sale_day)::date, NEW.variant_id, units,
          sale_revenue)
  ON CONFLICT (organization_id, month, variant_id) DO UPDATE
  SET units = m.units + excluded.units,
      revenue = m.revenue + excluded.revenue;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER inventory_ledger_sales_daily
  AFTER INSERT ON inventory_ledger
  FOR EACH ROW WHEN (NEW.cause = 'order' AND NEW.delta < 0)
  EXECUTE FUNCTION inventory_ledger_sales_daily();
