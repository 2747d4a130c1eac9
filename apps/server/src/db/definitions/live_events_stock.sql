-- Live event `stock` (docs/decisions/0048): once per statement that adds ledger entries, one event
-- per organisation. Up to 20 entries it names the variants whose master quantity moved and what it
-- is now; beyond, it says only how many (`many`: screens reload what they show of stock), so that
-- the event and its notification stay small (NOTIFY refuses 8,000 bytes) whatever the statement's
-- size. A stock change's activity entry has no event of its own: this one stands for it.
-- stock_apply_change writes its one-entry event itself and this trigger is not called for it (its
-- WHEN: a call of this function and its reads of the transition table cost a change 0.1 ms).
CREATE OR REPLACE FUNCTION live_events_stock() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  org record;
  variants jsonb;
BEGIN
  FOR org IN SELECT organization_id, count(*) AS changes FROM new_rows GROUP BY organization_id LOOP
    IF org.changes > 20 THEN
      PERFORM live_event_publish(org.organization_id, 'stock',
        jsonb_build_object('count', org.changes, 'many', true));
      CONTINUE;
    END IF;
    SELECT jsonb_agg(jsonb_build_object(
             'variant_id', n.variant_id, 'product_id', pv.product_id, 'quantity', n.qty_after,
             'change', n.delta, 'cause', n.cause) ORDER BY n.id)
    INTO variants
    FROM new_rows n LEFT JOIN product_variants pv ON pv.id = n.variant_id
    WHERE n.organization_id = org.organization_id;
    PERFORM live_event_publish(org.organization_id, 'stock',
      jsonb_build_object('count', org.changes, 'variants', variants));
  END LOOP;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER live_events_stock
  AFTER INSERT ON inventory_ledger
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT
  WHEN (current_setting('stocksync.stock_change', true) IS DISTINCT FROM 'on')
  EXECUTE FUNCTION live_events_stock();
