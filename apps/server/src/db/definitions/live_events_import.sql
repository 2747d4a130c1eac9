-- Live event `import` (docs/decisions/0048): an import queued, started, moved on by a batch,
-- finished or failed; the event carries its progress.
CREATE OR REPLACE FUNCTION live_events_import() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM live_event_publish(NEW.organization_id, 'import', jsonb_build_object(
    'import_id', NEW.id, 'connection_id', NEW.connection_id, 'status', NEW.status,
    'total', NEW.total, 'done', NEW.done, 'failed', NEW.failed));
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER live_events_import_insert
  AFTER INSERT ON imports
  FOR EACH ROW EXECUTE FUNCTION live_events_import();

CREATE OR REPLACE TRIGGER live_events_import_update
  AFTER UPDATE ON imports
  FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.done IS DISTINCT FROM NEW.done
        OR OLD.failed IS DISTINCT FROM NEW.failed OR OLD.total IS DISTINCT FROM NEW.total)
  EXECUTE FUNCTION live_events_import();
