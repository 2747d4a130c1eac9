import type { Generated, Insertable, Selectable } from 'kysely';
import type { NullableTimestamp, Timestamp } from './columns';

// The auth module's tables: sign-in codes and sessions.

export interface LoginCodesTable {
  id: Generated<string>;
  email: string;
  purpose: 'login' | 'signup';
  code_hash: string;
  expires_at: Date;
  attempts: Generated<number>;
  consumed_at: NullableTimestamp;
  created_at: Timestamp;
  requested_ip: string | null;
}

export interface SessionsTable {
  id: Generated<string>;
  user_id: string;
  refresh_token_hash: string;
  /** The hash before the last rotation, accepted for a short grace period (parallel requests). */
  previous_refresh_token_hash: string | null;
  rotated_at: NullableTimestamp;
  expires_at: Date;
  revoked_at: NullableTimestamp;
  created_at: Timestamp;
  last_used_at: Timestamp;
}

export type LoginCodeRow = Selectable<LoginCodesTable>;
export type NewLoginCode = Insertable<LoginCodesTable>;
export type SessionRow = Selectable<SessionsTable>;
