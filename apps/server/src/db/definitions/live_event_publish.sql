-- Records one live event of an organisation and announces it at commit (GET /v1/events,
-- docs/decisions/0048). Called by the live_events_* triggers, in the transaction that makes the
-- change, so an event exists exactly when its change commits.
--
-- The horizon is read after the id is taken, each in its own statement: every transaction that took
-- an earlier id and is still running then has an xid of at least that horizon, which is what lets a
-- resume find the events that commit after this one (migration 0030).
--
-- The notification carries the whole event so that listening processes need no query to pass it
-- on; NOTIFY delivers in commit order. Callers keep the data small (at most 20 variants or 50 ids,
-- else only a count and `many`); data that is still over 4,000 bytes is cut to its count and
-- `many` here, so that no event can reach NOTIFY's 8,000-byte limit and fail the change.
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
  PERFORM pg_notify('live_events', json_build_object(
    'id', event_id, 'organization_id', p_organization, 'kind', p_kind, 'data', bounded)::text);
END $$;
