import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { startSmtpCapture, type SmtpCapture } from '../../apps/server/test/support/smtp-capture';
import { emulatorOrigin } from '../support/billing';
import { connectShopify, expectImportFinished, importAfterPreview } from '../support/channels';
import { freePort } from '../support/free-port';
import { expect, test } from '../support/fixtures';
import { startServer, stopServer, waitForHealth } from '../support/server-process';

// Issue 20 item 4: a restart of a sandbox server changes nothing its users see. This file runs its
// own server (its own DATA_DIR and SMTP capture) so it can stop and start it on the same data:
// the in-process emulators keep their state in DATA_DIR/sandbox.

const repoRoot = path.resolve(import.meta.dirname, '../..');
const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

type Org = { id: string; name: string };
type StripeState = {
  customers: { id: string; metadata: Record<string, string> }[];
  portalSessions: { customer: string; created: number }[];
};

let dataDir: string;
let capture: SmtpCapture;
let port: number;
let base: string;
let server: ChildProcess | null = null;

async function start() {
  server = startServer({
    repoRoot,
    port,
    logFile: path.join(dataDir, 'server.log'),
    env: {
      DATA_DIR: dataDir,
      SMTP_URL: capture.url,
      APP_URL: base,
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
      AUTH_CODE_REQUESTS_PER_IP: '500',
      AUTH_VERIFY_ATTEMPTS_PER_IP: '500',
      API_RATE_LIMIT_PER_MINUTE: '100000',
    },
  });
  await waitForHealth(base, server);
}

async function restart() {
  await stopServer(server!);
  await start();
}

test.beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'stocksync-e2e-restart-'));
  // As root, the embedded PostgreSQL runs as its own user and must reach DATA_DIR/pg.
  fs.chmodSync(dataDir, 0o755);
  capture = await startSmtpCapture();
  port = await freePort();
  base = `http://127.0.0.1:${port}`;
  await start();
});

test.afterAll(async () => {
  if (server) await stopServer(server);
  await capture?.close();
  if (process.env.E2E_KEEP_DATA === '1') console.log(`restart test data kept in ${dataDir}`);
  else if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

async function api<T>(method: string, route: string, token?: string, body?: unknown, org?: string) {
  const response = await fetch(`${base}${route}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(org ? { 'x-organization-id': org } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as T };
}

/** Signs up and onboards through the API of this file's server. */
async function createUser(orgName: string) {
  const email = `restart-${Date.now().toString(36)}@example.com`;
  expect((await api('POST', '/v1/auth/signup', undefined, { email })).status).toBe(200);
  const code = await capture.waitForCode(email, { timeoutMs: 15_000 });
  const verified = await api<{ access_token: string }>('POST', '/v1/auth/verify', undefined, {
    email,
    code,
  });
  expect(verified.status).toBe(200);
  const token = verified.body.access_token;
  const onboarded = await api<{ user: { id: string; email: string; orgs: Org[] } }>(
    'POST',
    '/v1/users/onboard',
    token,
    { organisation: orgName, currency: 'GBP' },
  );
  expect(onboarded.status).toBe(200);
  return { token, user: onboarded.body.user };
}

async function stripeState(stripe: string): Promise<StripeState> {
  return (await (await fetch(new URL('/_emulator/state', stripe))).json()) as StripeState;
}

async function openImport(page: Page, orgPath: string) {
  await page.goto(`${base}${orgPath}/dashboard`);
  const account = page.getByRole('list', { name: 'Connected accounts' }).getByRole('listitem');
  await expect(account.first()).toContainText('Connected');
  await account
    .first()
    .getByRole('link', { name: /^Import products from / })
    .click();
  const table = page.getByRole('table', { name: 'Products to import' });
  return table.getByRole('row').filter({ has: page.getByRole('cell') });
}

test('after a server restart, a sandbox organisation still checks out, opens its own portal and its sandbox connection still works', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const orgName = `Restart ${Date.now().toString(36)}`;
  const orgPath = `/${encodeURIComponent(orgName)}`;
  const { token, user } = await createUser(orgName);
  const orgId = user.orgs[0]!.id;
  await page.goto(`${base}/auth/login`);
  await page.evaluate(
    ({ accessToken, account }) => {
      localStorage.setItem('access_token', accessToken);
      localStorage.setItem('account', JSON.stringify(account));
    },
    { accessToken: token, account: user },
  );

  // Before the restart: a sandbox Shopify store connected (its products readable), and a plan
  // bought by card on the Stripe emulator.
  await page.goto(`${base}${orgPath}/dashboard`);
  await connectShopify(page, orgPath);
  await expect((await openImport(page, orgPath)).first()).toBeVisible();
  await page.goto(`${base}${orgPath}/settings/billing`);
  await page.getByRole('radio', { name: /^Starter/ }).check();
  await page.getByRole('button', { name: 'Continue to checkout' }).click();
  await page.waitForURL(/\/c\/pay\/cs_test_/);
  const stripeBefore = emulatorOrigin(page.url());
  await page.getByTestId('pay-button').click();
  await expect(page.getByText('Subscribed to Starter')).toBeVisible();
  const customer = (await stripeState(stripeBefore)).customers.find(
    (c) => c.metadata.organization_id === orgId,
  );
  expect(customer).toBeDefined();

  await restart();

  // The Shopify connection still works: its products are read with the token granted before.
  const rows = await openImport(page, orgPath);
  await expect(rows.first()).toBeVisible();
  const first = await rows.first().getByRole('checkbox').getAttribute('aria-label');
  await rows.first().getByRole('checkbox').check();
  await importAfterPreview(page, 'Import selected (1)');
  await expectImportFinished(page, 1);
  expect(first).toMatch(/^Select /);

  // Another organisation's first checkout after the restart gets its own customer (not a 500).
  const second = await api<Org>('POST', '/v1/organizations', token, {
    organizationName: `${orgName} two`,
    currency: 'GBP',
  });
  expect(second.status).toBe(201);
  const checkout = await api<{ url: string }>(
    'POST',
    '/v1/subscriptions/stripe/checkout',
    token,
    { plan: 'starter' },
    second.body.id,
  );
  expect(checkout.status).toBe(200);

  // Manage subscription opens this organisation's own customer, with its subscription.
  await page.goto(`${base}${orgPath}/settings/billing`);
  const current = page.getByRole('region', { name: 'Current plan' });
  await expect(current.getByRole('heading', { name: 'Starter' })).toBeVisible();
  await current.getByRole('button', { name: 'Manage subscription' }).click();
  await expect(page.getByTestId('portal-subscription')).toHaveCount(1);
  const stripeAfter = emulatorOrigin(page.url());
  const state = await stripeState(stripeAfter);
  const newest = state.portalSessions.sort((a, b) => b.created - a.created)[0];
  expect(newest?.customer).toBe(customer!.id);
  const secondCustomer = state.customers.find((c) => c.metadata.organization_id === second.body.id);
  expect(secondCustomer?.id).toBeDefined();
  expect(secondCustomer?.id).not.toBe(customer!.id);

  // Issue 20 item 6: cancelled now, the plan has ended today and is no longer "Current".
  await page.getByTestId('cancel-now-button').click();
  await page.getByTestId('return-link').click();
  await expect(page).toHaveURL(new RegExp(`${orgPath}/settings/billing`));
  await expect(async () => {
    await page.reload();
    await expect(current.getByText('Canceled', { exact: true })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(current.getByText(`Ended on ${dateFormat.format(new Date())}`)).toBeVisible();
  await expect(page.getByText('Current', { exact: true })).toHaveCount(0);
});
