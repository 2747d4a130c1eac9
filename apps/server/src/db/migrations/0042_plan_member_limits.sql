-- Plans state how many members an organisation may have (issue 24); null = unlimited, as the
-- other limits. Pending invitations count as members (docs/decisions/0052).
ALTER TABLE plans ADD COLUMN max_members integer CHECK (max_members >= 1);
UPDATE plans SET max_members = CASE code WHEN 'starter' THEN 2 WHEN 'growth' THEN 5 END;
