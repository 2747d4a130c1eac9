import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startSmtpCapture } from '../apps/server/test/support/smtp-capture';
import { freePort } from './support/free-port';
import { startMailEndpoint } from './support/mail-endpoint';
import { startServer, stopServer, waitForHealth } from './support/server-process';

const repoRoot = path.resolve(import.meta.dirname, '..');

/**
 * Builds the web app and the server once (the server runs compiled, as `npm start` runs it), starts
 * an SMTP capture, a mail lookup endpoint for the tests and the real server on a free port with a
 * fresh DATA_DIR (embedded PostgreSQL). Returns the teardown.
 * E2E_SKIP_BUILD=1 reuses an existing apps/web/dist and apps/server/dist.
 */
export default async function globalSetup() {
  if (process.env.E2E_SKIP_BUILD !== '1') {
    for (const workspace of ['@stocksync/web', '@stocksync/server']) {
      execFileSync('npm', ['run', 'build', '-w', workspace], { cwd: repoRoot, stdio: 'inherit' });
    }
  }

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stocksync-e2e-'));
  // mkdtemp makes the directory 0700; as root, embedded PostgreSQL runs as its own user and
  // must be able to reach DATA_DIR/pg.
  fs.chmodSync(dataDir, 0o755);
  const logFile = path.join(dataDir, 'server.log');
  const capture = await startSmtpCapture();
  const mail = await startMailEndpoint(capture);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = startServer({
    repoRoot,
    port,
    logFile,
    env: {
      DATA_DIR: dataDir,
      SMTP_URL: capture.url,
      APP_URL: baseUrl,
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
      // Every journey signs in from 127.0.0.1; the per-address limits still apply.
      AUTH_CODE_REQUESTS_PER_IP: '500',
      AUTH_VERIFY_ATTEMPTS_PER_IP: '500',
      // One browser and the tests' API calls, all from 127.0.0.1, over the whole run.
      API_RATE_LIMIT_PER_MINUTE: '100000',
    },
  });

  const teardown = async () => {
    await stopServer(server);
    await mail.close();
    await capture.close();
    if (process.env.E2E_KEEP_DATA === '1')
      console.log(`e2e data and server log kept in ${dataDir}`);
    else fs.rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitForHealth(baseUrl, server);
  } catch (error) {
    const log = fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8').slice(-4000) : '';
    await teardown();
    throw new Error(`${(error as Error).message}\n--- server log (tail) ---\n${log}`, {
      cause: error,
    });
  }

  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_MAIL_URL = mail.url;
  // Tests that seed data directly (e2e/support/catalogue-seed.ts) find the embedded database here.
  process.env.E2E_DATA_DIR = dataDir;
  return teardown;
}
