-- Analytics sales folded asynchronously into per-variant blocks (docs/decisions/0059).
--
-- A sale no longer upserts aggregate rows: the ledger's order trigger
-- (definitions/inventory_ledger_sales.sql) appends one row to analytics_sales_pending, and
-- analytics_sales_fold (definitions/analytics_sales_fold.sql, a job every minute) moves pending
-- rows into the aggregates in one transaction. The summary reads aggregates plus the pending rows
-- of its range in one snapshot, so no sale is missed or counted twice, and concurrent sales no
-- longer wait for each other on the day's per-channel row.

-- Replaced by definitions/inventory_ledger_sales.sql (absent on a new database: definitions are
-- applied after the migrations).
DROP TRIGGER IF EXISTS inventory_ledger_sales_daily ON inventory_ledger;
DROP FUNCTION IF EXISTS inventory_ledger_sales_daily();

-- One row per order entry until it is folded. revenue and estimated_revenue are in the
-- organisation's currency (as in analytics_sales_channel_daily); currency and order_revenue are the
-- order's own (NULL when the order gave no price).
CREATE TABLE analytics_sales_pending (
  id bigserial PRIMARY KEY,
  organization_id uuid NOT NULL,
  day date NOT NULL,
  connection_id uuid NOT NULL,
  variant_id uuid NOT NULL,
  units integer NOT NULL,
  revenue numeric(16, 2) NOT NULL,
  estimated_units integer NOT NULL,
  estimated_revenue numeric(16, 2) NOT NULL,
  currency text,
  order_revenue numeric(16, 2)
);
CREATE INDEX analytics_sales_pending_range ON analytics_sales_pending (organization_id, day);

-- Sales per variant over aligned blocks of 1, 4, 16, 64 and 256 UTC days (a block starts on a day
-- whose number since 1970-01-01 is a multiple of its span). Any range of at most 366 days is a
-- handful of blocks (at most 3 of each span per side); the best sellers read the top of each
-- block (the second index) and check the rest is bounded (docs/decisions/0059).
CREATE TABLE analytics_sales_variant_blocks (
  organization_id uuid NOT NULL,
  span smallint NOT NULL CHECK (span IN (1, 4, 16, 64, 256)),
  start date NOT NULL,
  variant_id uuid NOT NULL,
  units bigint NOT NULL,
  revenue numeric(16, 2) NOT NULL,
  PRIMARY KEY (organization_id, span, start, variant_id)
);
CREATE INDEX analytics_sales_variant_blocks_top
  ON analytics_sales_variant_blocks (organization_id, span, start, units DESC, revenue DESC,
                                     variant_id);

-- Sales per UTC day in each order currency, at the order's prices (no conversion): units and
-- revenue of the order lines that gave a price.
CREATE TABLE analytics_sales_currency_daily (
  organization_id uuid NOT NULL,
  day date NOT NULL,
  currency text NOT NULL,
  units bigint NOT NULL,
  revenue numeric(16, 2) NOT NULL,
  PRIMARY KEY (organization_id, day, currency)
);

INSERT INTO analytics_sales_variant_blocks
SELECT d.organization_id, s.span, d.day - ((d.day - date '1970-01-01') % s.span), d.variant_id,
       sum(d.units), sum(d.revenue)
FROM analytics_sales_daily d CROSS JOIN (VALUES (1), (4), (16), (64), (256)) AS s(span)
GROUP BY 1, 2, 3, 4;

INSERT INTO analytics_sales_currency_daily
SELECT organization_id, (created_at AT TIME ZONE 'UTC')::date, currency, sum(-delta),
       sum(-delta * unit_price)
FROM inventory_ledger
WHERE cause = 'order' AND delta < 0 AND unit_price IS NOT NULL AND currency IS NOT NULL
GROUP BY 1, 2, 3;

-- Read by nothing now: the blocks of span 1 are the sales per day and variant.
DROP TABLE analytics_sales_daily;
DROP TABLE analytics_sales_variant_monthly;
