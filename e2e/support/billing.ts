import { expect, type Page } from '@playwright/test';
import pg from 'pg';
import { e2eDatabaseUrl } from './catalogue-seed';

/**
 * Billing journeys run against the sandbox emulators the e2e server starts in-process (it has no
 * Stripe or Shopify credentials). Their control routes live on the same origin as the pages the
 * app sends the browser to, so a test learns an emulator's address from the page it lands on.
 */
export function emulatorOrigin(pageUrl: string): string {
  return new URL(pageUrl).origin;
}

async function control(origin: string, path: string, body: unknown) {
  const response = await fetch(new URL(path, origin), {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.ok, `${path} answered ${response.status}`).toBe(true);
  return (await response.json()) as unknown;
}

/** Moves the Stripe emulator's test clock; renewals, failed payments and cancellations fall due. */
export function advanceStripeClock(stripeOrigin: string, days: number) {
  return control(stripeOrigin, '/_emulator/clock/advance', { seconds: days * 24 * 60 * 60 });
}

/** Makes every later charge of the organisation's Stripe customer fail (its renewal, for one). */
export async function failStripeCharges(stripeOrigin: string, organizationId: string) {
  const response = await fetch(new URL('/_emulator/state', stripeOrigin));
  const state = (await response.json()) as {
    customers: { id: string; metadata: Record<string, string> }[];
  };
  const customer = state.customers.find((c) => c.metadata.organization_id === organizationId);
  if (!customer) throw new Error(`No Stripe customer for organisation ${organizationId}`);
  return control(stripeOrigin, `/_emulator/customers/${customer.id}/payment-failure`, {
    failing: true,
  });
}

/** Uninstalls the app from a Shopify emulator shop (app/uninstalled; its charges are cancelled). */
export function uninstallShopifyApp(shopifyOrigin: string, shop: string) {
  return control(shopifyOrigin, '/_emulator/uninstall', { shop });
}

/**
 * The merchant's Shopify bill goes unpaid (`frozen`): the shop's active app charge is FROZEN; paid
 * (`frozen` false), it is ACTIVE again. Each change sends app_subscriptions/update.
 */
export function freezeShopifyBilling(shopifyOrigin: string, shop: string, frozen: boolean) {
  return control(shopifyOrigin, '/_emulator/billing/freeze', { shop, frozen });
}

/** Ends an organisation's free trial in the database, as if its 14 days had passed unpaid. */
export async function endTrial(organizationId: string) {
  const client = new pg.Client({ connectionString: e2eDatabaseUrl() });
  await client.connect();
  try {
    await client.query(
      `UPDATE subscriptions SET status = 'canceled', trial_end = now() - interval '1 day',
         updated_at = now() WHERE organization_id = $1`,
      [organizationId],
    );
  } finally {
    await client.end();
  }
}

/** Reloads until `check` passes: provider webhooks reach the server in the background. */
export async function reloadUntil(page: Page, check: () => Promise<void>) {
  await expect(async () => {
    await page.reload();
    await check();
  }).toPass({ timeout: 20_000 });
}
