import type { Generated, Selectable } from 'kysely';
import type { InvitableRole } from '@stocksync/contract';

/** Invitations by e-mail (migration 0041), added to the shared schema for this module only. */
export type InvitationsTable = {
  id: Generated<string>;
  organization_id: string;
  email: string;
  role: InvitableRole;
  /** HMAC of the link's token: the token itself is only ever in the mail. */
  token_hash: string;
  invited_by: string | null;
  created_at: Date;
  expires_at: Date;
  accepted_at: Date | null;
  revoked_at: Date | null;
};

export type InvitationsTables = { invitations: InvitationsTable };
export type InvitationRow = Selectable<InvitationsTable>;
