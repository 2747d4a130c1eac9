import type { ColumnType, Generated } from 'kysely';
import type { NullableTimestamp, Timestamp } from './columns';

// The imports module's table: one row per import of a channel's catalogue.

export type ImportStatus = 'queued' | 'running' | 'completed' | 'failed';

export interface ImportsTable {
  id: Generated<string>;
  organization_id: string;
  connection_id: string;
  user_id: string | null;
  status: ColumnType<ImportStatus, ImportStatus | undefined, ImportStatus>;
  product_ids: string[] | null;
  total: Generated<number>;
  done: Generated<number>;
  failed: Generated<number>;
  error: string | null;
  started_at: NullableTimestamp;
  finished_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}
