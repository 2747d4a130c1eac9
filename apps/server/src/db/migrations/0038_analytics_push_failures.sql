-- Failed pushes per UTC day and connection (issue 23: sync health shows the pushes that failed in
-- a range): a channel's refusal of a push is recorded on its listing (push_error) and overwritten
-- by the next success, so the count is kept as it happens by
-- definitions/channel_listings_push_failed.sql. Opaque ids, as in analytics_sales_daily.
CREATE TABLE analytics_push_failures_daily (
  organization_id uuid NOT NULL,
  day date NOT NULL,
  connection_id uuid NOT NULL,
  failures bigint NOT NULL,
  PRIMARY KEY (organization_id, day, connection_id)
);
