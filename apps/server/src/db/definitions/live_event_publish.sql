-- Records one live event of an organisation (GET /v1/events, docs/decisions/0048). Called by the
-- live_events_* triggers, in the transaction that makes the change, so an event exists exactly
-- when its change commits; each server process polls for new ones. No NOTIFY: a notifying
-- transaction holds a database-wide lock from its commit until the commit is flushed, which made
-- every stock change wait for the one before it.
--
-- The horizon is read after the id is taken, each in its own statement: every transaction that took
-- an earlier id and is still running then has an xid of at least that horizon, which is what lets a
-- resume find the events that commit after this one (migration 0030).
--
-- Callers keep the data small (at most 20 variants or 50 ids, else only a count and `many`); data
-- still over 4,000 bytes is cut to its count and `many` here, so a stream's messages stay small.
CREATE OR REPLACE FUNCTION live_event_publish(p_organization uuid, p_kind text, p_data jsonb)
RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  event_id bigint;
  oldest_running xid8;
  bounded jsonb := p_data;
BEGIN
  IF octet_length(bounded::text) > 4000 THEN
    bounded := jsonb_strip_nulls(jsonb_build_object('count', bounded->'count', 'many', true));
  END IF;
  event_id := nextval('live_events_id_seq');
  oldest_running := pg_snapshot_xmin(pg_current_snapshot());
  INSERT INTO live_events (id, organization_id, kind, data, tx, horizon)
  OVERRIDING SYSTEM VALUE
  VALUES (event_id, p_organization, p_kind, bounded, pg_current_xact_id(), oldest_running);
END $$;
