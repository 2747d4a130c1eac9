import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Db } from './db/client';
import type { Clock } from './lib/clock';
import type { Mailer } from './lib/mail';
import type { Analytics } from './lib/observability';
import type { StripeGateway } from './modules/billing/stripe-gateway';
import type { Channels } from './modules/connections/channels';
import type { LiveEventSettings } from './modules/events/hub';
import type { SyncSettings } from './modules/sync/service';

export const DEFAULT_WEB_DIST = path.resolve(import.meta.dirname, '../../web/dist');

export type AppConfig = Pick<
  Config,
  'APP_SECRET' | 'APP_URL' | 'LOG_LEVEL' | 'SMTP_URL' | 'MAIL_FROM'
> &
  Partial<
    Pick<
      Config,
      | 'TRUST_PROXY'
      | 'AUTH_CODE_REQUESTS_PER_IP'
      | 'AUTH_VERIFY_ATTEMPTS_PER_IP'
      | 'API_RATE_LIMIT_PER_MINUTE'
      | 'WEBHOOK_RATE_LIMIT_PER_MINUTE'
      | 'SENTRY_DSN'
      | 'POSTHOG_KEY'
      | 'POSTHOG_HOST'
      | 'SYNC_ORDER_POLL_SECONDS'
      | 'SYNC_DRIFT_SETTLE_SECONDS'
      | 'SYNC_SHOPIFY_CHANGES_SECONDS'
      | 'SYNC_EBAY_CHANGES_SECONDS'
    >
  >;

export interface AppDeps {
  db: Db;
  clock?: Clock;
  /** Defaults to SMTP_URL, or the log when unset. */
  mailer?: Mailer;
  analytics?: Analytics;
  /** Built web app to serve; defaults to apps/web/dist. `false` serves none. */
  webDist?: string | false;
  /** A logger to share with the rest of the process, or false for none (tests). */
  logger?: FastifyBaseLogger | false;
  /** Channel adapters (main.ts builds them from settings, starting emulators in sandbox mode). */
  channels?: Channels;
  /** Stripe (main.ts: configured, or the emulator in sandbox mode); none: card billing answers 503. */
  stripe?: StripeGateway | null;
  /** Overrides of the sync engine's timings (tests). */
  syncSettings?: Partial<SyncSettings>;
  /** The database's URL, for this process's LISTEN connection; none: no GET /v1/events. */
  databaseUrl?: string;
  /** Overrides of the live event streams' limits and timings (tests, benchmarks). */
  liveEvents?: Partial<LiveEventSettings>;
}
