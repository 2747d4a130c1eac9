import type { FastifyBaseLogger, FastifyInstance, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/app';
import type { AppConfig } from '../../src/app-options';
import { ManualClock } from '../../src/lib/clock';
import { createMailer, type Mailer } from '../../src/lib/mail';
import type { StripeGateway } from '../../src/modules/billing/stripe-gateway';
import type { LiveEventSettings } from '../../src/modules/events/hub';
import type { Channels } from '../../src/modules/connections/channels';
import type { SyncSettings } from '../../src/modules/sync/service';
import { startSmtpCapture, type SmtpCapture } from './smtp-capture';
import { createTestDatabase, type TestDatabase } from './test-db';

export const TEST_SECRET = 'test-secret-test-secret-test-secret-0123456789';

export interface TestApp {
  app: FastifyInstance;
  db: TestDatabase;
  smtp: SmtpCapture;
  clock: ManualClock;
  close(): Promise<void>;
}

/** The whole app on its own fresh database, mailing through an in-process SMTP capture. */
export async function createTestApp(
  options: {
    webDist?: string | false;
    mailer?: Mailer;
    config?: Partial<AppConfig>;
    /** Channel adapters (see support/channels.ts); none by default. */
    channels?: Channels;
    /** Stripe (see support/billing.ts); none by default. */
    stripe?: StripeGateway;
    /** Sync engine timings (e.g. no drift settling). */
    syncSettings?: Partial<SyncSettings>;
    /** A logger to capture the app's log with; none by default. */
    logger?: FastifyBaseLogger;
    /** Live event stream limits and timings. */
    liveEvents?: Partial<LiveEventSettings>;
  } = {},
): Promise<TestApp> {
  const [db, smtp] = await Promise.all([createTestDatabase(), startSmtpCapture()]);
  const clock = new ManualClock();
  const config = {
    APP_SECRET: TEST_SECRET,
    APP_URL: 'http://localhost:3000',
    LOG_LEVEL: 'silent' as const,
    SMTP_URL: smtp.url,
    MAIL_FROM: 'StockSync <no-reply@stocksync.test>',
    // Suites send many requests from one address through inject; the limit's own test sets it low.
    API_RATE_LIMIT_PER_MINUTE: 1_000_000,
    WEBHOOK_RATE_LIMIT_PER_MINUTE: 1_000_000,
    ...options.config,
  };
  const mailer =
    options.mailer ?? createMailer({ smtpUrl: smtp.url, from: config.MAIL_FROM, logger: console });
  const app = await buildApp(config, {
    db: db.db,
    clock,
    mailer,
    logger: options.logger ?? false,
    webDist: options.webDist ?? false,
    ...(options.channels ? { channels: options.channels } : {}),
    ...(options.stripe ? { stripe: options.stripe } : {}),
    ...(options.syncSettings ? { syncSettings: options.syncSettings } : {}),
    // GET /v1/events listens on the same database.
    databaseUrl: db.url,
    ...(options.liveEvents ? { liveEvents: options.liveEvents } : {}),
  });
  await app.ready();
  return {
    app,
    db,
    smtp,
    clock,
    async close() {
      await app.close();
      mailer.close();
      await smtp.close();
      await db.drop();
    },
  };
}

/** Value of a Set-Cookie from the response, or undefined. */
export function cookieFrom(response: LightMyRequestResponse, name: string): string | undefined {
  return response.cookies.find((c) => c.name === name)?.value;
}

let counter = 0;
/** A unique address for this test file run. */
export function uniqueEmail(label = 'user'): string {
  counter += 1;
  return `${label}-${counter}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

export interface SignedInUser {
  email: string;
  accessToken: string;
  refreshToken: string;
  userId: string;
  /** Id of the organisation created at sign-up. */
  firstOrgId: string;
  /** Headers for authenticated calls (Authorization: Bearer). */
  headers: Record<string, string>;
}

/** Signs a user up (or in) end to end: request code, read it from the SMTP capture, verify. */
export async function signIn(t: TestApp, email = uniqueEmail()): Promise<SignedInUser> {
  // A fresh client address per sign-in keeps helpers clear of the per-IP limits under test.
  const remoteAddress = `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
  const requested = await t.app.inject({
    method: 'POST',
    url: '/v1/auth/login',
    payload: { email },
    remoteAddress,
  });
  if (requested.statusCode !== 200) throw new Error(`login failed: ${requested.body}`);
  const code = await t.smtp.waitForCode(email);
  const verified = await t.app.inject({
    method: 'POST',
    url: '/v1/auth/verify',
    payload: { email, code },
    remoteAddress,
  });
  if (verified.statusCode !== 200) throw new Error(`verify failed: ${verified.body}`);
  const body = verified.json<{
    access_token: string;
    user: { id: string; orgs: { id: string }[] };
  }>();
  const refreshToken = cookieFrom(verified, 'refresh_token');
  if (!refreshToken) throw new Error('no refresh cookie');
  return {
    email,
    accessToken: body.access_token,
    refreshToken,
    userId: body.user.id,
    firstOrgId: body.user.orgs[0]?.id ?? '',
    headers: { authorization: `Bearer ${body.access_token}` },
  };
}
