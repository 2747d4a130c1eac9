-- Invitations by e-mail (issue 24). The link's token is stored only as its HMAC; a row stays
-- after it is accepted, revoked or replaced by a new invitation of the same address, so that a
-- reused or revoked link is told apart from an unknown one and the rate limit can count it.
CREATE TABLE invitations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  email text NOT NULL CHECK (email = lower(email) AND length(email) BETWEEN 3 AND 254),
  role text NOT NULL CHECK (role IN ('admin', 'member', 'viewer')),
  token_hash text NOT NULL UNIQUE,
  -- Opaque: the inviter may leave the organisation or delete their account.
  invited_by uuid,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  accepted_at timestamptz,
  revoked_at timestamptz,
  CHECK (accepted_at IS NULL OR revoked_at IS NULL)
);
-- One open invitation per address and organisation: inviting again replaces it.
CREATE UNIQUE INDEX invitations_open_per_email ON invitations (organization_id, email)
  WHERE accepted_at IS NULL AND revoked_at IS NULL;
CREATE INDEX invitations_organization_created_idx ON invitations (organization_id, created_at);
