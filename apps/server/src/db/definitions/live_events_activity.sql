-- Live event `activity` (docs/decisions/0048): an entry added to the organisation's activity log.
-- A stock change's entry has none: the change's `stock` event stands for it, and a row trigger with
-- this condition costs a stock change nothing more than the condition.
CREATE OR REPLACE FUNCTION live_events_activity() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM live_event_publish(NEW.organization_id, 'activity', jsonb_build_object(
    'activity_id', NEW.id, 'activity', NEW.activity, 'status', NEW.status));
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER live_events_activity
  AFTER INSERT ON activity_logs
  FOR EACH ROW
  WHEN (NEW.activity <> 'Stock changed')
  EXECUTE FUNCTION live_events_activity();
