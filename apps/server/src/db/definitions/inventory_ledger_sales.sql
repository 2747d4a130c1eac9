-- Each order entry appended to analytics_sales_pending as it is written, in the stock change's own
-- transaction; analytics_sales_fold moves pending rows into the aggregates later, and the summary
-- reads both (docs/decisions/0059). One insert and no aggregate row: concurrent sales of one
-- organisation and channel no longer wait for each other on a shared row.
--
-- Units sold at a price in the organisation's currency count at that price. The rest are
-- estimated at the variant's price when the sale is recorded, if that price is in the
-- organisation's currency: a price imported from a channel is in the currency of the listing it
-- came from (docs/decisions/0054; variantPriceCurrencyOf in the catalogue reads it the same way).
-- Otherwise the units count but add nothing to the organisation's revenue (unvalued_units), and
-- an order without a price is valued at the variant's price in that price's currency, marked
-- estimated (docs/decisions/0065). An order's own price is kept in its currency beside, for the
-- revenue per currency. Nothing is converted. Entries are never updated, and a deleted variant's
-- or connection's sales stay counted (they happened).
CREATE OR REPLACE FUNCTION inventory_ledger_sales() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  units integer := -NEW.delta;
  priced boolean := NEW.unit_price IS NOT NULL AND NEW.currency IS NOT NULL;
  own_currency text := (SELECT currency FROM organizations WHERE id = NEW.organization_id);
  price numeric;
  price_currency text;
  estimated boolean;
  valued boolean := true;
  revenue numeric;
BEGIN
  estimated := NOT priced OR NEW.currency IS DISTINCT FROM own_currency;
  IF estimated THEN
    SELECT v.current_price,
           (SELECT cl.currency FROM channel_listings cl
            WHERE cl.variant_id = v.id AND cl.currency IS NOT NULL
            ORDER BY cl.created_at, cl.id LIMIT 1)
      INTO price, price_currency
      FROM product_variants v WHERE v.id = NEW.variant_id;
    valued := coalesce(price_currency, own_currency) = own_currency;
  END IF;
  revenue := CASE WHEN NOT estimated THEN units * NEW.unit_price
                  WHEN valued THEN units * coalesce(price, 0) ELSE 0 END;
  INSERT INTO analytics_sales_pending
    (organization_id, day, connection_id, variant_id, units, revenue, estimated_units,
     estimated_revenue, unvalued_units, currency, order_revenue, order_revenue_estimated)
  VALUES (NEW.organization_id, (NEW.created_at AT TIME ZONE 'UTC')::date,
          coalesce(NEW.connection_id, '00000000-0000-0000-0000-000000000000'), NEW.variant_id,
          units, revenue, CASE WHEN estimated AND valued THEN units ELSE 0 END,
          CASE WHEN estimated AND valued THEN revenue ELSE 0 END,
          CASE WHEN valued THEN 0 ELSE units END,
          CASE WHEN priced THEN NEW.currency WHEN NOT valued THEN price_currency END,
          CASE WHEN priced THEN units * NEW.unit_price WHEN NOT valued THEN units * price END,
          NOT priced AND NOT valued);
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER inventory_ledger_sales
  AFTER INSERT ON inventory_ledger
  FOR EACH ROW WHEN (NEW.cause = 'order' AND NEW.delta < 0)
  EXECUTE FUNCTION inventory_ledger_sales();
