import type { Generated, Selectable } from 'kysely';
import type { NullableTimestamp, Timestamp } from './columns';

// The users module's table.

export interface UsersTable {
  id: Generated<string>;
  email: string;
  verified_at: NullableTimestamp;
  created_at: Timestamp;
}

export type UserRow = Selectable<UsersTable>;
