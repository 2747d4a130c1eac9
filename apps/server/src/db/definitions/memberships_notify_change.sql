-- A membership that changes role or ends is announced to every server process, which drops it
-- from its two-second membership cache (modules/organizations/membership-changes.ts,
-- docs/decisions/0052): a removed member's next request is refused whichever process serves it.
-- NOTIFY is delivered at commit, to every listener at once.
CREATE OR REPLACE FUNCTION memberships_notify_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('memberships_changed', OLD.organization_id || ':' || OLD.user_id);
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER memberships_notify_change
  AFTER UPDATE OR DELETE ON memberships
  FOR EACH ROW EXECUTE FUNCTION memberships_notify_change();
