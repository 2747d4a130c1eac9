-- Live event `sync` (docs/decisions/0048), for channel accounts: an account connected, its sync
-- turned on or off, or its status changed (needs reconnecting, disconnected).
CREATE OR REPLACE FUNCTION live_events_connection_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM live_event_publish(NEW.organization_id, 'sync', jsonb_build_object(
    'connection_id', NEW.id, 'sync_enabled', NEW.sync_enabled, 'status', NEW.status));
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER live_events_connection_sync_insert
  AFTER INSERT ON platform_connections
  FOR EACH ROW EXECUTE FUNCTION live_events_connection_sync();

CREATE OR REPLACE TRIGGER live_events_connection_sync_update
  AFTER UPDATE ON platform_connections
  FOR EACH ROW
  WHEN (OLD.sync_enabled IS DISTINCT FROM NEW.sync_enabled OR OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION live_events_connection_sync();
