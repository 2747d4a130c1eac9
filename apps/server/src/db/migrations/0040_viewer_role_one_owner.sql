-- Roles (issue 24): viewers read only; every organisation has exactly one owner. The owner is
-- created with the organisation and leaves only by transferring ownership (docs/decisions/0052),
-- so at most one owner row per organisation is what the index has to hold.
ALTER TABLE memberships DROP CONSTRAINT memberships_role_check;
ALTER TABLE memberships
  ADD CONSTRAINT memberships_role_check CHECK (role IN ('owner', 'admin', 'member', 'viewer'));
CREATE UNIQUE INDEX memberships_one_owner ON memberships (organization_id) WHERE role = 'owner';
