-- Each order entry appended to analytics_sales_pending as it is written, in the stock change's own
-- transaction; analytics_sales_fold moves pending rows into the aggregates later, and the summary
-- reads both (docs/decisions/0059). One insert and no aggregate row: concurrent sales of one
-- organisation and channel no longer wait for each other on a shared row.
--
-- Units sold at a price in the organisation's currency count at that price; the rest are
-- estimated at the variant's price when the sale is recorded (sales without a price, orders in
-- another currency: no conversion). The order's own currency and revenue are kept beside, for the
-- revenue per currency. Entries are never updated, and a deleted variant's or connection's sales
-- stay counted (they happened).
CREATE OR REPLACE FUNCTION inventory_ledger_sales() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  units integer := -NEW.delta;
  priced boolean := NEW.unit_price IS NOT NULL AND NEW.currency IS NOT NULL;
  estimated boolean;
  revenue numeric;
BEGIN
  estimated := NOT priced OR NEW.currency IS DISTINCT FROM
    (SELECT currency FROM organizations WHERE id = NEW.organization_id);
  revenue := units * coalesce(CASE WHEN estimated
    THEN (SELECT current_price FROM product_variants WHERE id = NEW.variant_id)
    ELSE NEW.unit_price END, 0);
  INSERT INTO analytics_sales_pending
    (organization_id, day, connection_id, variant_id, units, revenue, estimated_units,
     estimated_revenue, currency, order_revenue)
  VALUES (NEW.organization_id, (NEW.created_at AT TIME ZONE 'UTC')::date,
          coalesce(NEW.connection_id, '00000000-0000-0000-0000-000000000000'), NEW.variant_id,
          units, revenue, CASE WHEN estimated THEN units ELSE 0 END,
          CASE WHEN estimated THEN revenue ELSE 0 END,
          CASE WHEN priced THEN NEW.currency END, CASE WHEN priced THEN units * NEW.unit_price END);
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER inventory_ledger_sales
  AFTER INSERT ON inventory_ledger
  FOR EACH ROW WHEN (NEW.cause = 'order' AND NEW.delta < 0)
  EXECUTE FUNCTION inventory_ledger_sales();
