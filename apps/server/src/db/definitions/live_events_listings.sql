-- Live event `listing` (docs/decisions/0048): once per statement that adds, changes or removes
-- channel listings (a push requested or answered, a listing linked or unlinked), one event per
-- organisation naming the variants whose listings moved (the first 50; `count` says how many
-- listings). Screens refetch the listings they show.
CREATE OR REPLACE FUNCTION live_events_listings() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed jsonb;
  org record;
BEGIN
  -- A statement's transition table exists only for its own event.
  IF TG_OP = 'DELETE' THEN
    SELECT jsonb_agg(jsonb_build_array(organization_id, variant_id)) INTO changed FROM old_rows;
  ELSE
    SELECT jsonb_agg(jsonb_build_array(organization_id, variant_id)) INTO changed FROM new_rows;
  END IF;
  FOR org IN
    SELECT (c->>0)::uuid AS organization_id, count(*) AS changes,
           to_jsonb((array_agg(DISTINCT c->>1))[1:50]) AS variant_ids
    FROM jsonb_array_elements(coalesce(changed, '[]')) c
    GROUP BY 1
  LOOP
    PERFORM live_event_publish(org.organization_id, 'listing',
      jsonb_build_object('count', org.changes, 'variant_ids', org.variant_ids));
  END LOOP;
  RETURN NULL;
END $$;

CREATE OR REPLACE TRIGGER live_events_listings_insert
  AFTER INSERT ON channel_listings
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION live_events_listings();

CREATE OR REPLACE TRIGGER live_events_listings_update
  AFTER UPDATE ON channel_listings
  REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION live_events_listings();

CREATE OR REPLACE TRIGGER live_events_listings_delete
  AFTER DELETE ON channel_listings
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION live_events_listings();
