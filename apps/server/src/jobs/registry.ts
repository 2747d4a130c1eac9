import { z } from 'zod';
import type { JobHelpers } from 'graphile-worker';
import type { AnalyticsService } from '../modules/analytics/service';
import type { AuthService } from '../modules/auth/service';
import type { ConnectionsService } from '../modules/connections/service';
import { refreshDueTokens } from '../modules/connections/refresh-job';
import type { LiveEventsService } from '../modules/events/service';
import type { ImportsService } from '../modules/imports/service';
import type { SyncService } from '../modules/sync/service';
import type { WebhooksService } from '../modules/webhooks/service';
import { jobPayloads, type JobName } from './payloads';

/** What job handlers may use: module services, never repositories of other modules. */
export interface JobDeps {
  auth: AuthService;
  /** Channel connections (token refresh, imports, webhooks); main.ts always passes it. */
  connections?: ConnectionsService;
  imports?: ImportsService;
  webhooks?: WebhooksService;
  sync?: SyncService;
  events?: LiveEventsService;
  analytics?: AnalyticsService;
}

function need<T>(value: T | undefined, name: string): T {
  if (value === undefined) throw new Error(`job dependency ${name} was not provided`);
  return value;
}

interface JobDefinition<S extends z.ZodType> {
  payload: S;
  run(payload: z.output<S>, deps: JobDeps, helpers: JobHelpers): Promise<void>;
}

function defineJob<S extends z.ZodType>(definition: JobDefinition<S>): JobDefinition<S> {
  return definition;
}

/** Every durable job: name → payload schema (payloads.ts) and handler. */
export const jobRegistry: { [N in JobName]: JobDefinition<(typeof jobPayloads)[N]> } = {
  auth_cleanup_expired: defineJob({
    payload: jobPayloads.auth_cleanup_expired,
    async run(_payload, deps, helpers) {
      const deleted = await deps.auth.deleteExpired();
      helpers.logger.info(
        `deleted ${deleted.codes} old login codes and ${deleted.sessions} expired or revoked sessions`,
      );
    },
  }),
  // Live events are kept an hour for streams that resume (docs/decisions/0048).
  live_events_prune: defineJob({
    payload: jobPayloads.live_events_prune,
    async run(_payload, deps, helpers) {
      const deleted = await need(deps.events, 'events').prune();
      if (deleted > 0) helpers.logger.debug(`deleted ${deleted} live events kept past an hour`);
    },
  }),
  imports_run: defineJob({
    payload: jobPayloads.imports_run,
    async run(payload, deps, helpers) {
      await need(deps.imports, 'imports').run(payload.import_id, {
        attempts: helpers.job.attempts,
        maxAttempts: helpers.job.max_attempts,
        log: helpers.logger,
      });
    },
  }),
  webhooks_process: defineJob({
    payload: jobPayloads.webhooks_process,
    async run(payload, deps) {
      await need(deps.webhooks, 'webhooks').process(payload);
    },
  }),
  // Stock sync (modules/sync, ADR 0025). Connection jobs run one at a time per connection (their
  // queue is named after it), so reads and pushes of a listing never overlap.
  sync_connection: defineJob({
    payload: jobPayloads.sync_connection,
    async run(payload, deps) {
      await need(deps.sync, 'sync').connectionSync.run(payload.connection_id);
    },
  }),
  // Orders a webhook named (TikTok), fetched in batches in their own queue per connection.
  sync_orders: defineJob({
    payload: jobPayloads.sync_orders,
    async run(payload, deps) {
      await need(deps.sync, 'sync').connectionSync.runOrders(payload.connection_id);
    },
  }),
  sync_reconcile: defineJob({
    payload: jobPayloads.sync_reconcile,
    async run(payload, deps) {
      await need(deps.sync, 'sync').connectionSync.reconcile(
        payload.connection_id,
        payload.requested ?? false,
      );
    },
  }),
  sync_poll_orders: defineJob({
    payload: jobPayloads.sync_poll_orders,
    async run(payload, deps) {
      await need(deps.sync, 'sync').orders.poll(payload.connection_id);
    },
  }),
  // A page of what changed on the channel since the last check; reschedules itself (ADR 0054).
  sync_changes: defineJob({
    payload: jobPayloads.sync_changes,
    async run(payload, deps) {
      await need(deps.sync, 'sync').changes.run(payload.connection_id, payload.pass);
    },
  }),
  // SKU write-back (ADR 0055): throws while retryable SKUs are left, so the queue tries again.
  sync_sku_writeback: defineJob({
    payload: jobPayloads.sync_sku_writeback,
    async run(payload, deps, helpers) {
      await need(deps.sync, 'sync').skuWriteback.run(payload.connection_id, {
        attempts: helpers.job.attempts,
        maxAttempts: helpers.job.max_attempts,
      });
    },
  }),
  sync_schedule_polls: defineJob({
    payload: jobPayloads.sync_schedule_polls,
    async run(_payload, deps) {
      await need(deps.sync, 'sync').schedulePolls();
    },
  }),
  sync_reconcile_all: defineJob({
    payload: jobPayloads.sync_reconcile_all,
    async run(_payload, deps) {
      await need(deps.sync, 'sync').reconcileAll();
    },
  }),
  connections_refresh_tokens: defineJob({
    payload: jobPayloads.connections_refresh_tokens,
    async run(_payload, deps, helpers) {
      await refreshDueTokens(need(deps.connections, 'connections'), helpers.logger);
    },
  }),
  // Sales recorded since the last fold into the analytics aggregates; the summary reads the
  // pending ones meanwhile, so a late or failed fold costs read time, never a figure (ADR 0059).
  analytics_sales_fold: defineJob({
    payload: jobPayloads.analytics_sales_fold,
    async run(_payload, deps, helpers) {
      const folded = await need(deps.analytics, 'analytics').foldSales();
      if (folded > 0) helpers.logger.debug(`folded ${folded} sales into the analytics aggregates`);
    },
  }),
  // Stock changes appended since the last fold into the stock buckets; the catalogue's figures
  // read the pending ones meanwhile, at a cost per row (ADR 0045): while changes keep coming, the
  // job folds again a few seconds later instead of waiting for the next minute.
  analytics_stock_fold: defineJob({
    payload: jobPayloads.analytics_stock_fold,
    async run(_payload, deps, helpers) {
      const folded = await need(deps.analytics, 'analytics').foldStockAndRequeue();
      if (folded > 0) helpers.logger.debug(`folded ${folded} stock changes into the buckets`);
    },
  }),
};

export type { JobName, JobPayload } from './payloads';

/** Recurring jobs (graphile-worker crontab syntax, UTC). */
export const CRONTAB = [
  '15 * * * * auth_cleanup_expired',
  '*/10 * * * * live_events_prune',
  // Access tokens expiring within 30 minutes (eBay's last 2 hours, Shopify's 1 hour).
  '*/10 * * * * connections_refresh_tokens',
  // eBay order polls and stock change checks reschedule themselves; this restarts any that
  // stopped (e.g. after a crash).
  '* * * * * sync_schedule_polls',
  '*/15 * * * * sync_reconcile_all',
  '* * * * * analytics_sales_fold',
  '* * * * * analytics_stock_fold',
].join('\n');
