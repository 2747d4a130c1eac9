-- Live events are polled instead of announced by NOTIFY (docs/decisions/0048): each poll reads the
-- events of the transactions its previous poll could not see, by their transaction id.
CREATE INDEX live_events_tx ON live_events (tx);
