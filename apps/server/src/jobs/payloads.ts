import { z } from 'zod';

const connectionJob = z.object({ connection_id: z.uuid() }).loose();
const none = z.object({}).loose();

/**
 * The payload of every durable job, by job name. Checked when a job is queued (queue-repository.ts)
 * and again when it runs (worker.ts): a job queued by an older build must still fit.
 */
export const jobPayloads = {
  auth_cleanup_expired: none,
  live_events_prune: none,
  imports_run: z.object({ import_id: z.uuid() }),
  /** A verified webhook recorded in processed_webhook_events, processed by the module owning its kind. */
  webhooks_process: z.discriminatedUnion('provider', [
    z.object({
      provider: z.enum(['shopify', 'ebay', 'tiktok']),
      event_id: z.string(),
      topic: z.string(),
      kind: z.enum(['inventory', 'order', 'product', 'uninstalled', 'deletion', 'other']),
      account: z.string().nullable(),
    }),
    z.object({
      provider: z.literal('stripe'),
      event_id: z.string(),
      topic: z.string(),
      kind: z.literal('billing'),
      account: z.string().nullable(),
      /** The event as Stripe signed it (verified on intake). */
      event: z.looseObject({
        id: z.string(),
        type: z.string(),
        created: z.number(),
        data: z.looseObject({ object: z.looseObject({}) }),
      }),
    }),
  ]),
  sync_connection: connectionJob,
  sync_orders: connectionJob,
  sync_reconcile: z.object({ connection_id: z.uuid(), requested: z.boolean().optional() }),
  sync_poll_orders: z.object({ connection_id: z.uuid() }),
  /**
   * The incremental stock check of a Shopify or eBay account (ADR 0054), one page a run; `pass`:
   * the pass this run continues (absent: a new pass).
   */
  sync_changes: z.object({
    connection_id: z.uuid(),
    pass: z
      .object({
        /** When the pass began, on our clock (ISO). */
        started: z.iso.datetime(),
        /** The channel's continuation (`next` of the page before); null: the location's first. */
        after: z.string().nullable(),
        /** What the pass's pages have cost so far (their `cost`: Shopify points). */
        spent: z.number().min(0),
        /** Shopify: the pass reads levels changed at or after this (Shopify's time, ISO). */
        since: z.iso.datetime().optional(),
        /** Shopify: the newest change the pass has seen so far (ISO). */
        newest: z.iso.datetime().optional(),
        /** Shopify: the location being read. */
        location: z.string().optional(),
      })
      .optional(),
  }),
  /** SKUs queued for a connection by a confirmed write-back (ADR 0055). */
  sync_sku_writeback: z.object({ connection_id: z.uuid() }),
  sync_schedule_polls: none,
  sync_reconcile_all: none,
  connections_refresh_tokens: none,
  /** Moves pending sales into the analytics aggregates (docs/decisions/0059). */
  analytics_sales_fold: none,
  /** Moves stock changes into the analytics stock buckets (docs/decisions/0045). */
  analytics_stock_fold: none,
};

export type JobName = keyof typeof jobPayloads;
export type JobPayload<N extends JobName> = z.input<(typeof jobPayloads)[N]>;

/** The payload checked against its job's schema (throws a ZodError naming the field). */
export function checkedPayload<N extends JobName>(name: N, payload: JobPayload<N>): unknown {
  return jobPayloads[name].parse(payload);
}
