-- Deleting an organisation deletes its activity entries (activity_logs keeps the organisation as
-- an opaque id, without the cascading foreign key every entry's insert paid for: migration 0027).
CREATE OR REPLACE FUNCTION organizations_delete_activity() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM activity_logs a USING deleted_organizations d WHERE a.organization_id = d.id;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER organizations_delete_activity
  AFTER DELETE ON organizations
  REFERENCING OLD TABLE AS deleted_organizations
  FOR EACH STATEMENT EXECUTE FUNCTION organizations_delete_activity();
