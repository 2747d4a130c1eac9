-- Deleting an organisation deletes its analytics aggregates (they keep the organisation as an
-- opaque id, as the ledger and activity do: migrations 0037, 0039, 0060).
CREATE OR REPLACE FUNCTION organizations_delete_analytics() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM analytics_sales_pending s USING deleted_organizations d
  WHERE s.organization_id = d.id;
  DELETE FROM analytics_sales_variant_blocks b USING deleted_organizations d
  WHERE b.organization_id = d.id;
  DELETE FROM analytics_sales_channel_daily c USING deleted_organizations d
  WHERE c.organization_id = d.id;
  DELETE FROM analytics_sales_currency_blocks y USING deleted_organizations d
  WHERE y.organization_id = d.id;
  DELETE FROM analytics_stock_buckets b USING deleted_organizations d
  WHERE b.organization_id = d.id;
  DELETE FROM analytics_push_failures_daily f USING deleted_organizations d
  WHERE f.organization_id = d.id;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER organizations_delete_analytics
  AFTER DELETE ON organizations
  REFERENCING OLD TABLE AS deleted_organizations
  FOR EACH STATEMENT EXECUTE FUNCTION organizations_delete_analytics();
