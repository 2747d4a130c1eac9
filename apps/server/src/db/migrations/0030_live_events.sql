-- Live updates (GET /v1/events, docs/decisions/0048): every change a screen shows is written here by
-- the transaction that makes it (triggers, definitions/live_event_publish.sql) and announced with
-- pg_notify at commit. The rows are what a client that reconnects with Last-Event-ID is replayed
-- from; they are kept for an hour.
--
-- `id` is the event id a client sees. Ids are taken before commit, so they need not commit in
-- order: `tx` is the writing transaction and `horizon` the oldest transaction still running when
-- the id was taken. Everything that commits after event N has tx >= N's horizon, so a resume from
-- N reads the organisation's events from that horizon on (some the client already has; it skips
-- ids it has seen).
CREATE TABLE live_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  organization_id uuid NOT NULL,
  kind text NOT NULL,
  data jsonb NOT NULL,
  tx xid8 NOT NULL,
  horizon xid8 NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX live_events_resume ON live_events (organization_id, tx);
