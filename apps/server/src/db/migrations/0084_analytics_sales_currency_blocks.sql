-- The sales per order currency over the same aligned blocks as the per-variant sales (spans of 1,
-- 4, 16, 64 and 256 UTC days, migration 0060): a summary adds the handful of blocks its range is
-- made of (at most 25 for 366 days) instead of a row per day and currency (docs/decisions/0059).
-- The blocks of one day are what analytics_sales_currency_daily held.
CREATE TABLE analytics_sales_currency_blocks (
  organization_id uuid NOT NULL,
  span smallint NOT NULL CHECK (span IN (1, 4, 16, 64, 256)),
  start date NOT NULL,
  currency text NOT NULL,
  units bigint NOT NULL,
  revenue numeric(16, 2) NOT NULL,
  estimated_units bigint NOT NULL,
  estimated_revenue numeric(16, 2) NOT NULL,
  PRIMARY KEY (organization_id, span, start, currency)
);

INSERT INTO analytics_sales_currency_blocks
SELECT d.organization_id, s.span, d.day - ((d.day - date '1970-01-01') % s.span), d.currency,
       sum(d.units), sum(d.revenue), sum(d.estimated_units), sum(d.estimated_revenue)
FROM analytics_sales_currency_daily d CROSS JOIN (VALUES (1), (4), (16), (64), (256)) AS s(span)
GROUP BY 1, 2, 3, 4;

DROP TABLE analytics_sales_currency_daily;
