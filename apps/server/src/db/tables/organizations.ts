import type { ColumnType, Generated, Selectable, Updateable } from 'kysely';
import type { Timestamp } from './columns';

// The organizations module's tables: organisations and who belongs to them.

export type Currency = 'USD' | 'GBP' | 'EUR';
export type Role = 'owner' | 'admin' | 'member' | 'viewer';

export interface OrganizationsTable {
  id: Generated<string>;
  name: Generated<string>;
  currency: ColumnType<Currency, Currency | undefined, Currency>;
  /** A variant at or below it (and not below 0) is Low stock (migration 0032). */
  low_stock_threshold: Generated<number>;
  created_at: Timestamp;
}

export interface MembershipsTable {
  user_id: string;
  organization_id: string;
  role: Role;
  created_at: Timestamp;
}

export type OrganizationRow = Selectable<OrganizationsTable>;
export type OrganizationUpdate = Updateable<OrganizationsTable>;
