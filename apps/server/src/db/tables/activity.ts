import type { ColumnType, Generated } from 'kysely';
import type { Timestamp } from './columns';

// The activity module's table: the feed of what happened in an organisation.

export type ActivityStatus = 'success' | 'error' | 'info' | 'warning' | 'in_progress';

export interface ActivityLogsTable {
  id: Generated<string>;
  organization_id: string;
  user_id: string | null;
  activity: string;
  /** NULL when the entry keeps its facts in details instead (formatted when read). */
  note: string | null;
  /** jsonb: a stock change's facts, written by stock_apply_change only. */
  details: ColumnType<unknown, never, never>;
  status: ActivityStatus;
  created_at: Timestamp;
}
