-- Live event `sync` (docs/decisions/0048), for products: once per statement that turns sync on or
-- off for products, one event per organisation naming them (the first 50; `count` says how many).
-- A stock change moves only its product's total (stock_change_in_progress) and has its own event.
CREATE OR REPLACE FUNCTION live_events_product_sync() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  org record;
BEGIN
  IF stock_change_in_progress() THEN RETURN NULL; END IF;
  FOR org IN
    SELECT n.organization_id, count(*) AS changes,
           to_jsonb((array_agg(n.id))[1:50]) AS product_ids
    FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE n.is_synced IS DISTINCT FROM o.is_synced
    GROUP BY n.organization_id
  LOOP
    PERFORM live_event_publish(org.organization_id, 'sync',
      jsonb_build_object('count', org.changes, 'product_ids', org.product_ids));
  END LOOP;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER live_events_product_sync
  AFTER UPDATE ON products
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION live_events_product_sync();
