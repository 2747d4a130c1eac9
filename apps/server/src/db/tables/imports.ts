import type { ColumnType, Generated, GeneratedAlways } from 'kysely';
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
  // Migration 0044.
  undone_at: NullableTimestamp;
  undone_by: string | null;
  // Migration 0058: send the SKUs it generates to the channel (SKU write-back).
  write_back_skus: Generated<boolean>;
}

export type ImportChangeKind =
  | 'product_created'
  | 'variant_created'
  | 'listing_created'
  | 'product_updated'
  | 'variant_updated'
  | 'stock_set';

/** What an import changed, for its undo (migration 0044). */
export interface ImportChangesTable {
  id: GeneratedAlways<string>;
  import_id: string;
  organization_id: string;
  kind: ImportChangeKind;
  target_id: string;
  /** jsonb, written as JSON text. */
  before: ColumnType<unknown, string | null, string | null>;
  after: ColumnType<unknown, string | null, string | null>;
}
