import path from 'node:path';
import type { Runner } from 'graphile-worker';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { createDb } from './db/client';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded';
import { migrate } from './db/migrate';
import { createQueue } from './jobs/queue';
import { startWorker } from './jobs/worker';
import { startSandbox } from './modules/connections/sandbox';
import { startStripeSandbox } from './modules/billing/sandbox';
import { createAnalytics, flushErrorReporting, initErrorReporting } from './lib/observability';
import { createMailer } from './lib/mail';
import { createServerLogger } from './lib/log-redaction';

/** Starts everything in order and stops it in reverse on SIGINT/SIGTERM. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  // Redacts OAuth codes, tokens and credential headers from every line (lib/log-redaction.ts).
  const log = createServerLogger(config.LOG_LEVEL);
  await initErrorReporting({ dsn: config.SENTRY_DSN });
  const analytics = await createAnalytics({ key: config.POSTHOG_KEY, host: config.POSTHOG_HOST });

  const stops: { name: string; stop: () => Promise<unknown> }[] = [];
  const onStop = (name: string, stop: () => Promise<unknown>) => stops.push({ name, stop });
  const shutdown = async (reason: string, code = 0) => {
    log.info(`shutting down (${reason})`);
    for (const { name, stop } of stops.reverse()) {
      log.debug(`stopping ${name}`);
      await stop().catch((error: unknown) => log.error({ err: error }, `stopping ${name} failed`));
    }
    log.info('stopped');
    process.exit(code);
  };

  // Listening from the start, so Ctrl+C while starting stops what has started (PostgreSQL runs in
  // its own process group and would not get the terminal's SIGINT). SIGHUP too: a closed terminal
  // reaches only this process.
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      void shutdown(signal);
    });
  }

  try {
    let connectionString = config.DATABASE_URL;
    if (!connectionString) {
      const started = Date.now();
      const pgLog = log.child({ component: 'postgres' });
      const embedded: EmbeddedDatabase = await startEmbeddedPostgres({
        dataDir: path.join(config.DATA_DIR, 'pg'),
        onLog: (line) => pgLog.debug(line),
        onNotice: (line) => log.info(line),
      });
      onStop('embedded PostgreSQL', () => embedded.stop());
      connectionString = embedded.connectionString;
      log.info(`embedded PostgreSQL on 127.0.0.1:${embedded.port} (${Date.now() - started} ms)`);
    }

    const applied = await migrate(connectionString);
    if (applied.length > 0) log.info(`applied migrations: ${applied.join(', ')}`);

    const db = createDb(connectionString);
    onStop('database pool', () => db.close());
    // The job schema must exist before the API queues jobs, even in an API-only process.
    await (await createQueue(db.pool)).close();

    // Platforms without credentials run against in-process emulators (demo mode).
    const sandbox = await startSandbox(config, log.child({ component: 'emulators' }));
    if (sandbox.running) onStop('channel emulators', () => sandbox.running!.close());
    // Billing without STRIPE_SECRET_KEY runs against the Stripe emulator (demo mode).
    const stripe = await startStripeSandbox(
      config,
      sandbox.running,
      log.child({ component: 'emulators' }),
    );
    if (stripe.close) onStop('Stripe emulator', stripe.close);
    // With no SMTP server, mail goes to the log and to DATA_DIR/outbox.log (README, Quick start).
    const mailer = createMailer({
      smtpUrl: config.SMTP_URL,
      from: config.MAIL_FROM,
      logger: log,
      outboxFile: path.join(config.DATA_DIR, 'outbox.log'),
    });
    onStop('mailer', async () => mailer.close());
    const app = await buildApp(config, {
      db: db.db,
      analytics,
      mailer,
      logger: log,
      channels: sandbox.channels,
      stripe: stripe.gateway,
      databaseUrl: connectionString,
    });
    onStop('analytics', () => analytics.shutdown());
    onStop('error reporting', () => flushErrorReporting());

    if (config.RUN_WORKER) {
      // The worker gets its own connections so long jobs cannot starve HTTP requests.
      const concurrency = config.WORKER_CONCURRENCY;
      // +3: graphile-worker's own queries, and one held for crash recovery (jobs/recovery.ts).
      const workerDb = createDb(connectionString, { max: concurrency + 3 });
      onStop('worker pool', () => workerDb.close());
      const runner: Runner = await startWorker({
        pool: workerDb.pool,
        concurrency,
        deps: {
          auth: app.services.auth,
          connections: app.services.connections,
          imports: app.services.imports,
          webhooks: app.services.webhooks,
          sync: app.services.sync,
          events: app.liveEvents,
          analytics: app.services.analytics,
        },
        log: log.child({ component: 'worker' }),
      });
      onStop('job worker', async () => {
        await runner.stop();
        await runner.promise;
      });
    }

    onStop('HTTP server', () => app.close());
    await app.listen({ port: config.PORT, host: config.HOST });
    log.info(`StockSync listening on ${config.APP_URL} (API docs at ${config.APP_URL}/docs)`);
  } catch (error) {
    // Stopping already: a step cut short by the shutdown is no failure to report.
    if (stopping) return;
    log.error({ err: error }, 'startup failed');
    stopping = true;
    await shutdown('startup failure', 1);
    return;
  }
}

void main();
