import type { Generated } from 'kysely';
import type { NullableTimestamp, Timestamp } from './columns';

// The webhooks module's record of every event received, kept once.

export interface ProcessedWebhookEventsTable {
  id: Generated<string>;
  provider: string;
  event_id: string;
  topic: string;
  account: string | null;
  received_at: Timestamp;
  processed_at: NullableTimestamp;
}
