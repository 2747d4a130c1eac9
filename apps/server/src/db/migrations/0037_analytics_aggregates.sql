-- Analytics summary (issue 23, docs/decisions/0051): the figures are read from aggregates kept as
-- changes commit, never from a scan of the ledger or the catalogue per request.

-- An order line's unit price as the channel reported it, and its currency (NULL for entries that
-- are not order lines, for sales recorded before this column, and when the channel gave none).
ALTER TABLE inventory_ledger
  ADD COLUMN unit_price numeric(12, 2) CHECK (unit_price >= 0),
  ADD COLUMN currency text;

-- stock_apply_change takes the unit price and currency now (definitions/stock_apply_change.sql);
-- the old signature would stay beside it as an overload.
DROP FUNCTION stock_apply_change(uuid, uuid, integer, integer, text, uuid, text, uuid, text, text,
                                 uuid, integer, timestamptz, boolean, timestamptz);

-- Sales per UTC day, channel connection and variant, from the ledger's order entries
-- (definitions/inventory_ledger_sales_daily.sql). revenue includes estimated_revenue: the units
-- whose order gave no price in the organisation's currency, valued at the variant's price when the
-- sale was recorded. Organisation, connection and variant are opaque ids (no foreign keys: a sale
-- stays a sale when its product or connection is deleted; deleting the organisation deletes its
-- rows through definitions/organizations_delete_analytics.sql).
CREATE TABLE analytics_sales_daily (
  organization_id uuid NOT NULL,
  day date NOT NULL,
  connection_id uuid NOT NULL,
  variant_id uuid NOT NULL,
  units bigint NOT NULL,
  revenue numeric(16, 2) NOT NULL,
  estimated_units bigint NOT NULL,
  estimated_revenue numeric(16, 2) NOT NULL,
  PRIMARY KEY (organization_id, day, connection_id, variant_id)
);

-- The catalogue's stock figures per organisation and quantity bucket (-1: below 0; 0 to 999 one
-- each; 1000: 1000 and over), kept by definitions/analytics_stock_move.sql. Buckets answer the
-- low-stock count for any threshold up to 1000 without a scan, and spread concurrent stock changes
-- of one organisation over different rows.
CREATE TABLE analytics_stock_buckets (
  organization_id uuid NOT NULL,
  bucket integer NOT NULL CHECK (bucket BETWEEN -1 AND 1000),
  variants bigint NOT NULL,
  units bigint NOT NULL,
  value_at_cost numeric(20, 2) NOT NULL,
  value_at_price numeric(20, 2) NOT NULL,
  missing_sku bigint NOT NULL,
  missing_cost bigint NOT NULL,
  PRIMARY KEY (organization_id, bucket)
);

-- What the catalogue holds today.
INSERT INTO analytics_stock_buckets
SELECT organization_id, least(greatest(available_qty, -1), 1000), count(*),
       sum(greatest(available_qty, 0)), sum(greatest(available_qty, 0) * cost_price),
       sum(greatest(available_qty, 0) * current_price), count(*) FILTER (WHERE sku = ''),
       count(*) FILTER (WHERE cost_price = 0)
FROM product_variants
GROUP BY 1, 2;

-- Sales recorded before unit prices were: every unit estimated at the variant's price today.
INSERT INTO analytics_sales_daily
SELECT l.organization_id, (l.created_at AT TIME ZONE 'UTC')::date,
       coalesce(l.connection_id, '00000000-0000-0000-0000-000000000000'), l.variant_id,
       sum(-l.delta), sum(-l.delta * v.current_price), sum(-l.delta), sum(-l.delta * v.current_price)
FROM inventory_ledger l JOIN product_variants v ON v.id = l.variant_id
WHERE l.cause = 'order' AND l.delta < 0
GROUP BY 1, 2, 3, 4;
