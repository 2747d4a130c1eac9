import { z } from 'zod';
import { organizationHeadersSchema } from './organizations';

// GET /v1/events: the organisation's changes as they commit, as server-sent events
// (docs/decisions/0048).

export const LIVE_EVENT_KINDS = ['stock', 'listing', 'sync', 'import', 'activity'] as const;
export type LiveEventKind = (typeof LIVE_EVENT_KINDS)[number];

/**
 * Sent, without an id or data, to a member's own streams when their role in the organisation
 * changed or they were removed, just before the stream ends: reload who you are (GET
 * /v1/users/me); a removed member's reconnection is refused (404).
 */
export const MEMBERSHIP_EVENT = 'membership';

/** Sent by a reconnecting client: the id of the last event it received. */
export const LAST_EVENT_ID_HEADER = 'last-event-id';

export const liveEventsHeadersSchema = organizationHeadersSchema.extend({
  [LAST_EVENT_ID_HEADER]: z
    .string()
    .regex(/^[1-9][0-9]{0,17}$/, 'Last-Event-ID must be the id of an event this stream sent')
    .optional()
    .describe('Resume after this event: every change committed since is sent first'),
});

const uuids = z.array(z.uuid()).describe('Up to 50; absent when `many`').optional();
/** Set instead of the ids when a statement changed more than an event names: reload the kind. */
const many = z.literal(true).optional();

/** `stock`: master quantities changed (sales, edits, imports); stands for their activity entries. */
export const stockEventSchema = z.object({
  count: z.number().int().describe('Variants changed by the statement'),
  many,
  variants: z
    .array(
      z.object({
        variant_id: z.uuid(),
        product_id: z.uuid().nullable(),
        quantity: z.number().int().describe('The master quantity now'),
        change: z.number().int(),
        cause: z.string(),
      }),
    )
    .describe('Up to 20; absent when `many`')
    .optional(),
});

/** `listing`: channel listings added, changed (push requested or answered) or removed. */
export const listingEventSchema = z.object({ count: z.number().int(), many, variant_ids: uuids });

/** `sync`: products' sync turned on or off, or a channel account's sync or status changed. */
export const syncEventSchema = z.union([
  z.object({ count: z.number().int(), many, product_ids: uuids }),
  z.object({ connection_id: z.uuid(), sync_enabled: z.boolean(), status: z.string() }),
]);

/** `import`: an import queued, moved on or ended. */
export const importEventSchema = z.object({
  import_id: z.uuid(),
  connection_id: z.uuid(),
  status: z.string(),
  total: z.number().int(),
  done: z.number().int(),
  failed: z.number().int(),
});

/** `activity`: an entry added to the activity log (a stock change's entry: see `stock`). */
export const activityEventSchema = z.object({
  activity_id: z.string(),
  activity: z.string(),
  status: z.string(),
});

export type StockEvent = z.infer<typeof stockEventSchema>;

export const LIVE_EVENTS_DESCRIPTION = [
  'A text/event-stream of the organisation’s changes as they commit, whichever server process',
  'made them. Each change is an event with an `id`, an `event` name (stock, listing, sync, import,',
  'activity) and JSON `data` (shapes in the contract package, packages/contract/src/events.ts).',
  'A statement that changed more than an event names sends `many: true` and a `count` instead of',
  'the ids (any event whose data would be too large is cut so): reload what is shown of that kind.',
  'Events without an id: `ready` once the stream is live (after any resumed events), `heartbeat`',
  'every 15 s, and `reset` when a resume cannot be complete (the event named by Last-Event-ID is',
  'no longer kept, after an hour, or too much happened): reload everything shown; `membership` to',
  'a member whose own role changed or who was removed, just before their stream ends: reload the',
  'signed-in user (GET /v1/users/me); a removed member is refused on reconnecting. A client that',
  'reconnects with `Last-Event-ID` gets every change committed since, some perhaps twice: skip ids',
  'already seen. The server ends a stream after 15 minutes, or when the client falls behind;',
  'reconnect with Last-Event-ID. At most 10 streams per user and 200 per organisation on each',
  'server process (429 beyond). One request against the rate limit per connection.',
].join(' ');
