-- Live event `sync` (docs/decisions/0048), for products: once per statement that turns sync on or
-- off for products, one event per organisation naming them, up to 50; beyond, it says only how
-- many (`many`: screens reload their products), so that the event stays small whatever the
-- statement's size (an all-selected toggle of 100,000 products).
-- A stock change moves only its product's total and has its own event: the trigger's WHEN skips it
-- without calling the function (the same test as stock_change_in_progress, inlined as the other
-- products triggers do).
-- The changed products are paired by id in one aggregate over both transition tables, not by a
-- join: plpgsql keeps a plan made for the session's first (often one-row) statement, and a nested
-- loop over two transition tables is quadratic (ADR 0063).
CREATE OR REPLACE FUNCTION live_events_product_sync() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  org record;
BEGIN
  FOR org IN
    SELECT organization_id, count(*) AS changes,
           CASE WHEN count(*) <= 50 THEN jsonb_agg(id) END AS product_ids
    FROM (
      SELECT id, (array_agg(organization_id) FILTER (WHERE is_new))[1] AS organization_id
      FROM (SELECT id, organization_id, is_synced, true AS is_new FROM new_rows
            UNION ALL
            SELECT id, organization_id, is_synced, false FROM old_rows) r
      GROUP BY id
      HAVING bool_or(is_synced) FILTER (WHERE is_new)
             IS DISTINCT FROM bool_or(is_synced) FILTER (WHERE NOT is_new)
    ) changed
    GROUP BY organization_id
  LOOP
    IF org.product_ids IS NULL THEN
      PERFORM live_event_publish(org.organization_id, 'sync',
        jsonb_build_object('count', org.changes, 'many', true));
    ELSE
      PERFORM live_event_publish(org.organization_id, 'sync',
        jsonb_build_object('count', org.changes, 'product_ids', org.product_ids));
    END IF;
  END LOOP;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER live_events_product_sync
  AFTER UPDATE ON products
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT
  WHEN (current_setting('stocksync.stock_change', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION live_events_product_sync();
