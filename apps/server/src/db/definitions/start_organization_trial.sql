-- Every new organisation starts a 14-day trial from its creation time (the app's clock).
CREATE OR REPLACE FUNCTION start_organization_trial() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO subscriptions (organization_id, status, trial_end, created_at, updated_at)
  VALUES (NEW.id, 'trialing', NEW.created_at + interval '14 days', NEW.created_at, NEW.created_at)
  ON CONFLICT (organization_id) DO NOTHING;
  RETURN NEW;
END;
$$;

CREATE OR REPLACE TRIGGER organizations_start_trial
  AFTER INSERT ON organizations
  FOR EACH ROW EXECUTE FUNCTION start_organization_trial();
