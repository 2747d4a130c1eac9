import type { ColumnType, GeneratedAlways } from 'kysely';
import type { Timestamp } from './columns';

// The events module's table: live events kept for resuming streams (migration 0030, ADR 0048).
// Rows are written only by the live_events_* triggers (definitions/live_event_publish.sql).

export type LiveEventKind = 'stock' | 'listing' | 'sync' | 'import' | 'activity';

export interface LiveEventsTable {
  /** bigint, read as text. */
  id: GeneratedAlways<string>;
  organization_id: string;
  kind: LiveEventKind;
  data: ColumnType<unknown, never, never>;
  /** xid8 of the writing transaction, read as text. */
  tx: ColumnType<string, never, never>;
  /** xid8: the oldest transaction running when the id was taken. */
  horizon: ColumnType<string, never, never>;
  created_at: Timestamp;
}
