-- Analytics sales read in rows that do not grow with the catalogue (docs/decisions/0051, amended):
-- analytics_sales_daily has one row per day and variant sold, so a 30-day range of a large
-- catalogue is tens of thousands of rows. Both tables below are kept by the ledger's order
-- trigger (definitions/inventory_ledger_sales_daily.sql) beside analytics_sales_daily, and deleted
-- with their organisation (definitions/organizations_delete_analytics.sql).

-- Sales per UTC day and channel connection: the series, the channel split and the totals read at
-- most days x connections rows.
CREATE TABLE analytics_sales_channel_daily (
  organization_id uuid NOT NULL,
  day date NOT NULL,
  connection_id uuid NOT NULL,
  units bigint NOT NULL,
  revenue numeric(16, 2) NOT NULL,
  estimated_units bigint NOT NULL,
  estimated_revenue numeric(16, 2) NOT NULL,
  PRIMARY KEY (organization_id, day, connection_id)
);

-- Sales per UTC month (its first day) and variant: the best sellers of a range read its whole
-- months here and only the days at its edges from analytics_sales_daily.
CREATE TABLE analytics_sales_variant_monthly (
  organization_id uuid NOT NULL,
  month date NOT NULL CHECK (extract(day FROM month) = 1),
  variant_id uuid NOT NULL,
  units bigint NOT NULL,
  revenue numeric(16, 2) NOT NULL,
  PRIMARY KEY (organization_id, month, variant_id)
);

INSERT INTO analytics_sales_channel_daily
SELECT organization_id, day, connection_id, sum(units), sum(revenue), sum(estimated_units),
       sum(estimated_revenue)
FROM analytics_sales_daily
GROUP BY 1, 2, 3;

INSERT INTO analytics_sales_variant_monthly
SELECT organization_id, date_trunc('month', day)::date, variant_id, sum(units), sum(revenue)
FROM analytics_sales_daily
GROUP BY 1, 2, 3;
