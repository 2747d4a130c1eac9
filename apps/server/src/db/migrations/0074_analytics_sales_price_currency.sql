-- A sale whose order gave no price in the organisation's currency was valued at the variant's
-- price, whose currency is the channel's it was imported from (docs/decisions/0054): a TikTok
-- shop's GBP price was added to USD revenue. Such a sale is now valued in the organisation's
-- currency only when the variant's price is in it; otherwise it counts in units but not in that
-- revenue (unvalued_units), and its value at the variant's price goes to the revenue of that
-- price's currency, marked estimated (docs/decisions/0065). Nothing is converted.
ALTER TABLE analytics_sales_pending
  ADD COLUMN unvalued_units integer NOT NULL DEFAULT 0,
  ADD COLUMN order_revenue_estimated boolean NOT NULL DEFAULT false;

ALTER TABLE analytics_sales_channel_daily
  ADD COLUMN unvalued_units bigint NOT NULL DEFAULT 0;

ALTER TABLE analytics_sales_currency_daily
  ADD COLUMN estimated_units bigint NOT NULL DEFAULT 0,
  ADD COLUMN estimated_revenue numeric(16, 2) NOT NULL DEFAULT 0;
