// The real app on a given database, for the product-list benchmark (run as a child process so its
// memory and CPU are measured apart from the load generator).
import { buildApp } from '../../apps/server/src/app';
import { createDb } from '../../apps/server/src/db/client';

const url = process.env.BENCH_SERVER_DB_URL;
const port = Number(process.env.BENCH_SERVER_PORT);
const smtpUrl = process.env.BENCH_SERVER_SMTP_URL;
if (!url || !port || !smtpUrl)
  throw new Error('BENCH_SERVER_DB_URL, _PORT and _SMTP_URL are required');

const db = createDb(url);
const app = await buildApp(
  {
    APP_SECRET: 'bench-secret-bench-secret-bench-secret-0123',
    APP_URL: `http://127.0.0.1:${port}`,
    // Production default is info (one line per request); warn keeps the log out of the figures.
    LOG_LEVEL: 'warn',
    SMTP_URL: smtpUrl,
    MAIL_FROM: 'Bench <bench@stocksync.test>',
  },
  { db: db.db, webDist: false },
);
await app.listen({ port, host: '127.0.0.1' });
process.stdout.write('ready\n');

const stop = async () => {
  await app.close();
  await db.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
