import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createShopifyEmulator, type ShopifyEmulator } from '@stocksync/emulators';
import { approve } from '../support/channels';
import { freePort } from '../support/jobs';
import { startSmtpCapture, type SmtpCapture } from '../support/smtp-capture';
import { createTestDatabase, type TestDatabase } from '../support/test-db';

/**
 * The check "a server killed in the middle of an import resumes after restart and finishes
 * with no duplicates", for real: the server runs as a child process (tsx src/main.ts) on a test
 * database, against a Shopify emulator living in this process, and is SIGKILLed while the
 * whole-catalogue import is writing batches. The restarted server must unlock the dead worker's
 * job (jobs/recovery.ts) and finish it.
 */

const repoRoot = path.resolve(import.meta.dirname, '../../../..');
const SHOP = 'crash-resume.myshopify.com';
const PRODUCTS = 3000;

let db: TestDatabase;
let smtp: SmtpCapture;
let shopify: ShopifyEmulator;
let dataDir: string;
let server: ChildProcess | undefined;
let baseUrl: string;
let env: Record<string, string>;

const logFile = () => path.join(dataDir, 'server.log');
const logTail = () =>
  fs.existsSync(logFile()) ? fs.readFileSync(logFile(), 'utf8').slice(-4000) : '';

async function startServer(): Promise<ChildProcess> {
  const log = fs.openSync(logFile(), 'a');
  const child = spawn(
    path.join(repoRoot, 'node_modules/.bin/tsx'),
    [path.join(repoRoot, 'apps/server/src/main.ts')],
    { cwd: repoRoot, env: { ...process.env, ...env }, stdio: ['ignore', log, log], detached: true },
  );
  fs.closeSync(log);
  const deadline = Date.now() + 45_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`server exited with ${child.exitCode}\n${logTail()}`);
    const ok = await fetch(`${baseUrl}/v1/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return child;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not become healthy\n${logTail()}`);
}

/** SIGKILL to the whole process group (tsx and the node process running the server). */
async function kill(child: ChildProcess, signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
  await exited;
}

async function api(
  method: 'GET' | 'POST',
  url: string,
  headers: Record<string, string>,
  body?: unknown,
) {
  const response = await fetch(`${baseUrl}${url}`, {
    method,
    headers: { ...headers, ...(body !== undefined && { 'content-type': 'application/json' }) },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return {
    status: response.status,
    json: text ? (JSON.parse(text) as Record<string, unknown>) : {},
  };
}

beforeAll(async () => {
  db = await createTestDatabase();
  smtp = await startSmtpCapture();
  shopify = createShopifyEmulator({
    shops: [{ domain: SHOP, products: PRODUCTS, seed: 11 }],
    bulkStartDelayMs: 0,
    bulkRunMs: 0,
  });
  const shopifyUrl = await shopify.listen();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stocksync-crash-'));
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  env = {
    PORT: String(port),
    HOST: '127.0.0.1',
    APP_URL: baseUrl,
    DATA_DIR: dataDir,
    DATABASE_URL: db.url,
    SMTP_URL: smtp.url,
    LOG_LEVEL: 'info',
    SHOPIFY_CLIENT_ID: shopify.settings.app.clientId,
    SHOPIFY_CLIENT_SECRET: shopify.settings.app.clientSecret,
    SHOPIFY_SHOP_URL_TEMPLATE: `${shopifyUrl}/shops/{shop}`,
  };
}, 60_000);

afterAll(async () => {
  if (server) await kill(server, 'SIGTERM');
  await shopify?.close();
  await smtp?.close();
  await db?.drop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

it('a server killed in the middle of an import resumes after restart and finishes with no duplicates', async () => {
  server = await startServer();

  const email = `crash-${Date.now()}@example.com`;
  expect((await api('POST', '/v1/auth/login', {}, { email })).status).toBe(200);
  const code = await smtp.waitForCode(email);
  const verified = await api('POST', '/v1/auth/verify', {}, { email, code });
  expect(verified.status).toBe(200);
  const session = verified.json as { access_token: string; user: { orgs: { id: string }[] } };
  const orgId = session.user.orgs[0]!.id;
  const headers = {
    authorization: `Bearer ${session.access_token}`,
    'x-organization-id': orgId,
  };

  const started = await api('POST', '/v1/platforms/shopify', headers, { shop: SHOP });
  expect(started.status).toBe(200);
  const query = await approve('shopify', started.json.url as string);
  const connected = await api('POST', '/v1/platforms/shopify/callback', headers, { query });
  expect(connected.status).toBe(200);
  const pcId = connected.json.platform_connection_id as string;

  const queued = await api('POST', '/v1/import/shopify', headers, { pc_id: pcId, all: true });
  expect(queued.status).toBe(202);
  const importId = queued.json.import_id as string;

  // Wait until some batches, not all, are written; then kill the server without warning.
  const deadline = Date.now() + 30_000;
  for (;;) {
    const progress = (await api('GET', `/v1/imports/${importId}`, headers)).json;
    const done = Number(progress.done);
    if (done > 0 && done < PRODUCTS) break;
    if (progress.status === 'completed' || progress.status === 'failed' || Date.now() > deadline)
      throw new Error(`import was not caught mid-way: ${JSON.stringify(progress)}\n${logTail()}`);
    await new Promise((r) => setTimeout(r, 10));
  }
  await kill(server);
  server = undefined;

  const row = () =>
    db.db
      .selectFrom('imports')
      .select(['status', 'done', 'total', 'finished_at'])
      .where('id', '=', importId)
      .executeTakeFirstOrThrow();
  const interrupted = await row();
  expect(interrupted.status).toBe('running');
  expect(interrupted.done).toBeLessThan(PRODUCTS);
  // The dead process's worker still holds the job: without recovery it would wait 4 hours.
  const { rows: locked } = await db.pool.query<{ locked_by: string | null }>(
    `SELECT locked_by FROM graphile_worker.jobs WHERE task_identifier = 'imports_run'`,
  );
  expect(locked).toHaveLength(1);
  expect(locked[0]!.locked_by).not.toBeNull();

  server = await startServer();
  const until = Date.now() + 40_000;
  let finished = await row();
  while (finished.status === 'running' && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 200));
    finished = await row();
  }
  expect(finished, logTail()).toMatchObject({
    status: 'completed',
    done: PRODUCTS,
    total: PRODUCTS,
  });
  expect(fs.readFileSync(logFile(), 'utf8')).toContain('whose process is gone');
  const viaApi = (await api('GET', `/v1/imports/${importId}`, headers)).json;
  expect(viaApi).toMatchObject({ status: 'completed', done: PRODUCTS, failed: 0 });

  // Exactly the store's products, variants and listings, once each.
  const store = shopify.shop(SHOP);
  const { rows: counts } = await db.pool.query<{
    products: string;
    variants: string;
    listings: string;
    distinct_listings: string;
    distinct_products: string;
  }>(
    `SELECT
       (SELECT count(*) FROM products WHERE organization_id = $1) AS products,
       (SELECT count(*) FROM product_variants WHERE organization_id = $1) AS variants,
       (SELECT count(*) FROM channel_listings WHERE organization_id = $1) AS listings,
       (SELECT count(DISTINCT (external_product_id, external_variant_id)) FROM channel_listings
         WHERE organization_id = $1) AS distinct_listings,
       (SELECT count(DISTINCT external_product_id) FROM channel_listings
         WHERE organization_id = $1) AS distinct_products`,
    [orgId],
  );
  expect(counts[0]).toEqual({
    products: String(store.products.size),
    variants: String(store.variants.size),
    listings: String(store.variants.size),
    distinct_listings: String(store.variants.size),
    distinct_products: String(store.products.size),
  });
  expect(store.products.size).toBe(PRODUCTS);
}, 120_000);
