-- A page that finds its access token expired sends several requests at once with the same refresh
-- cookie. The first rotates it; the others present the previous token a moment later. Keeping the
-- previous hash for a short grace period lets them through instead of signing the user out.

ALTER TABLE sessions
  ADD COLUMN previous_refresh_token_hash text,
  ADD COLUMN rotated_at timestamptz;

CREATE INDEX sessions_previous_refresh_token_hash_idx ON sessions (previous_refresh_token_hash)
  WHERE previous_refresh_token_hash IS NOT NULL;
