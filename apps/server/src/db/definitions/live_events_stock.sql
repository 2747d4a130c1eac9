-- Live event `stock` (docs/decisions/0048): once per statement that adds ledger entries, one event
-- per organisation naming the variants whose master quantity moved and what it is now (the first
-- 20, so that the notification stays far below NOTIFY's 8,000 bytes; `count` says how many there
-- were). A stock change's activity entry has no event of its own: this one stands for it.
CREATE OR REPLACE FUNCTION live_events_stock() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  org record;
BEGIN
  FOR org IN
    SELECT n.organization_id, count(*) AS changes,
           to_jsonb((array_agg(jsonb_build_object(
             'variant_id', n.variant_id, 'product_id', pv.product_id, 'quantity', n.qty_after,
             'change', n.delta, 'cause', n.cause) ORDER BY n.id))[1:20]) AS variants
    FROM new_rows n LEFT JOIN product_variants pv ON pv.id = n.variant_id
    GROUP BY n.organization_id
  LOOP
    PERFORM live_event_publish(org.organization_id, 'stock',
      jsonb_build_object('count', org.changes, 'variants', org.variants));
  END LOOP;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER live_events_stock
  AFTER INSERT ON inventory_ledger
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION live_events_stock();
