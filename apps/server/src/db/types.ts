import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<
  Date | null,
  Date | string | null | undefined,
  Date | string | null
>;

export type Currency = 'USD' | 'GBP' | 'EUR';
export type Role = 'owner' | 'admin' | 'member';

export interface UsersTable {
  id: Generated<string>;
  email: string;
  verified_at: NullableTimestamp;
  created_at: Timestamp;
}

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
  expires_at: Date;
  revoked_at: NullableTimestamp;
  created_at: Timestamp;
  last_used_at: Timestamp;
}

export interface OrganizationsTable {
  id: Generated<string>;
  name: Generated<string>;
  currency: ColumnType<Currency, Currency | undefined, Currency>;
  created_at: Timestamp;
}

export interface MembershipsTable {
  user_id: string;
  organization_id: string;
  role: Role;
  created_at: Timestamp;
}

export interface SchemaMigrationsTable {
  name: string;
  applied_at: Timestamp;
}

/** Every table the application owns. graphile-worker's schema is managed by graphile-worker. */
export interface Database {
  users: UsersTable;
  login_codes: LoginCodesTable;
  sessions: SessionsTable;
  organizations: OrganizationsTable;
  memberships: MembershipsTable;
  schema_migrations: SchemaMigrationsTable;
}

export type UserRow = Selectable<UsersTable>;
export type LoginCodeRow = Selectable<LoginCodesTable>;
export type NewLoginCode = Insertable<LoginCodesTable>;
export type SessionRow = Selectable<SessionsTable>;
export type OrganizationRow = Selectable<OrganizationsTable>;
export type OrganizationUpdate = Updateable<OrganizationsTable>;
