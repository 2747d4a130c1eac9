import type { Timestamp } from './columns';

// The migration runner's record of applied migrations.

export interface SchemaMigrationsTable {
  name: string;
  applied_at: Timestamp;
}
