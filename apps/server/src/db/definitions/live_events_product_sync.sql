-- Live event `sync` (docs/decisions/0048), for products: once per statement that turns sync on or
-- off for products, one event per organisation naming them, up to 50; beyond, it says only how
-- many (`many`: screens reload their products), so that the event stays small whatever the
-- statement's size (an all-selected toggle of 100,000 products).
-- A stock change moves only its product's total and has its own event: the trigger's WHEN skips it
-- without calling the function (the same test as stock_change_in_progress, inlined as the other
-- products triggers do).
CREATE OR REPLACE FUNCTION live_events_product_sync() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  org record;
  product_ids jsonb;
BEGIN
  FOR org IN
    SELECT n.organization_id, count(*) AS changes
    FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE n.is_synced IS DISTINCT FROM o.is_synced
    GROUP BY n.organization_id
  LOOP
    IF org.changes > 50 THEN
      PERFORM live_event_publish(org.organization_id, 'sync',
        jsonb_build_object('count', org.changes, 'many', true));
      CONTINUE;
    END IF;
    SELECT jsonb_agg(n.id) INTO product_ids
    FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE n.is_synced IS DISTINCT FROM o.is_synced AND n.organization_id = org.organization_id;
    PERFORM live_event_publish(org.organization_id, 'sync',
      jsonb_build_object('count', org.changes, 'product_ids', product_ids));
  END LOOP;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER live_events_product_sync
  AFTER UPDATE ON products
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT
  WHEN (current_setting('stocksync.stock_change', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION live_events_product_sync();
