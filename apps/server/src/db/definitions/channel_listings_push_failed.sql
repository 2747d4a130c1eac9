-- A channel refused a push for good (PushesRepository.recordPushError sets push_error): one more
-- failed push for the listing's connection today (analytics_push_failures_daily, migration 0038).
-- The WHEN clause is checked without calling the function, so a successful push (which sets
-- push_error to NULL) costs nothing more.
CREATE OR REPLACE FUNCTION channel_listings_push_failed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO analytics_push_failures_daily AS f (organization_id, day, connection_id, failures)
  VALUES (NEW.organization_id, (now() AT TIME ZONE 'UTC')::date, NEW.connection_id, 1)
  ON CONFLICT (organization_id, day, connection_id) DO UPDATE SET failures = f.failures + 1;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER channel_listings_push_failed
  AFTER UPDATE OF push_error ON channel_listings
  FOR EACH ROW WHEN (NEW.push_error IS NOT NULL)
  EXECUTE FUNCTION channel_listings_push_failed();
