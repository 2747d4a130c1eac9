-- Live event `listing` (docs/decisions/0048): once per statement that adds, changes or removes
-- channel listings (a push requested or answered, a listing linked or unlinked), one event per
-- organisation. Up to 50 listings it names their variants; beyond, it says only how many (`many`),
-- so that the event stays small whatever the statement's size. `count` says how many listings.
-- Screens refetch the listings they show.
CREATE OR REPLACE FUNCTION live_events_listings() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  orgs jsonb;
  org jsonb;
BEGIN
  -- A statement's transition table exists only for its own event.
  IF TG_OP = 'DELETE' THEN
    SELECT jsonb_agg(jsonb_build_object('id', organization_id, 'count', count, 'ids', ids)) INTO orgs
    FROM (SELECT organization_id, count(*),
                 CASE WHEN count(*) <= 50 THEN jsonb_agg(DISTINCT variant_id) END AS ids
          FROM old_rows GROUP BY organization_id) s;
  ELSE
    SELECT jsonb_agg(jsonb_build_object('id', organization_id, 'count', count, 'ids', ids)) INTO orgs
    FROM (SELECT organization_id, count(*),
                 CASE WHEN count(*) <= 50 THEN jsonb_agg(DISTINCT variant_id) END AS ids
          FROM new_rows GROUP BY organization_id) s;
  END IF;
  FOR org IN SELECT jsonb_array_elements(coalesce(orgs, '[]')) LOOP
    PERFORM live_event_publish((org->>'id')::uuid, 'listing', CASE
      WHEN org->'ids' = 'null' THEN jsonb_build_object('count', org->'count', 'many', true)
      ELSE jsonb_build_object('count', org->'count', 'variant_ids', org->'ids') END);
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
