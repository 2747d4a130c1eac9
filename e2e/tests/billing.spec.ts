import type { Page } from '@playwright/test';
import {
  advanceStripeClock,
  emulatorOrigin,
  endTrial,
  failStripeCharges,
  freezeShopifyBilling,
  reloadUntil,
  uninstallShopifyApp,
} from '../support/billing';
import { seedCatalogue } from '../support/catalogue-seed';
import { connectShopify } from '../support/channels';
import {
  createUser,
  expect,
  signInWithStorage,
  test,
  uniqueOrgName,
  type TestUser,
} from '../support/fixtures';

// The e2e server has no Stripe or Shopify credentials, so billing runs against the emulators it
// starts in-process: Stripe's hosted checkout and portal pages, Shopify's charge confirmation.
// Every organisation starts with a 14-day trial (createUser onboards it with GBP).

const GATED = 'Your organisation has no active subscription';
const quick = { timeout: 2_000 };

async function openBilling(page: Page, request: Parameters<typeof createUser>[0], label: string) {
  const orgName = uniqueOrgName(label);
  const user = await createUser(request, { label: label.toLowerCase(), orgName });
  await signInWithStorage(page, user);
  const orgPath = `/${encodeURIComponent(orgName)}`;
  await page.goto(`${orgPath}/settings/billing`);
  return { user, orgPath, current: page.getByRole('region', { name: 'Current plan' }) };
}

/** Chooses a plan and pays on the Stripe emulator's checkout page; answers the emulator's origin. */
async function payByCard(page: Page, plan: string) {
  await page.getByRole('radio', { name: new RegExp(`^${plan}`) }).check();
  await page.getByRole('button', { name: 'Continue to checkout' }).click();
  await page.waitForURL(/\/c\/pay\/cs_test_/);
  const stripe = emulatorOrigin(page.url());
  await page.getByTestId('pay-button').click();
  return stripe;
}

test('a trialing organisation subscribes by card, cancels in the portal and is gated when the period ends', async ({
  page,
  request,
}) => {
  const { orgPath, current } = await openBilling(page, request, 'Billing');
  await expect(current.getByRole('heading', { name: 'Free trial' })).toBeVisible();
  await expect(current.getByText('Trial', { exact: true })).toBeVisible();
  await expect(current.getByText(/^Trial ends on /)).toBeVisible();
  // Plans with their limits, priced in the organisation's currency.
  const growth = page.getByRole('radio', { name: /^Growth/ });
  await expect(growth).toBeVisible();
  await expect(page.getByText('£39.00 / month')).toBeVisible();
  await expect(page.getByText('Unlimited connected accounts')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Manage subscription' })).toHaveCount(0);
  // Subscribing during the trial keeps its remaining days, and the page says so before checkout.
  const trialEnds = await current.getByText(/^Trial ends on /).textContent();
  await expect(page.getByText(/^Your free trial continues until /)).toBeVisible();

  const stripe = await payByCard(page, 'Growth');
  // Back on billing: the subscription is read from Stripe, and the return parameters are gone.
  await expect(page.getByText('Subscribed to Growth')).toBeVisible();
  await expect(page).toHaveURL(`${orgPath}/settings/billing`);
  await expect(current.getByRole('heading', { name: 'Growth' })).toBeVisible();
  await expect(current.getByText('Trial', { exact: true })).toBeVisible();
  await expect(current.getByText(trialEnds!)).toBeVisible();
  await expect(current.getByText('Billed by card through Stripe')).toBeVisible();
  // A live Stripe subscription changes plan in the portal, not through a second checkout.
  await expect(page.getByRole('button', { name: 'Continue to checkout' })).toHaveCount(0);

  // Cancel at period end in Stripe's customer portal, then come back.
  await current.getByRole('button', { name: 'Manage subscription' }).click();
  await page.getByTestId('cancel-at-period-end-button').click();
  await page.getByTestId('return-link').click();
  await expect(page).toHaveURL(`${orgPath}/settings/billing`);
  await reloadUntil(page, () =>
    expect(current.getByText('Cancels at period end')).toBeVisible(quick),
  );
  await expect(current.getByText(trialEnds!)).toBeVisible();
  await expect(current.getByText('Trial', { exact: true })).toBeVisible();
  await expect(page.getByRole('alert', { name: GATED })).toHaveCount(0);

  // The period ends (the emulator's test clock moves on): canceled, and the organisation is gated.
  await advanceStripeClock(stripe, 32);
  await reloadUntil(page, () =>
    expect(current.getByText('Canceled', { exact: true })).toBeVisible(quick),
  );
  await expect(page.getByRole('alert', { name: GATED })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue to checkout' })).toBeVisible();

  // Every other screen says so, with the way back to billing.
  await page.goto(`${orgPath}/dashboard`);
  const banner = page.getByRole('alert', { name: GATED });
  await expect(banner).toBeVisible();
  await banner.getByRole('link', { name: 'Go to billing' }).click();
  await expect(page).toHaveURL(`${orgPath}/settings/billing`);
});

test('a failed renewal shows past_due on billing and in the app', async ({ page, request }) => {
  const { user, orgPath, current } = await openBilling(page, request, 'Renewal');
  // Past the free trial, the subscription starts (and is charged) at once.
  await endTrial(user.user.orgs[0]!.id);
  await page.reload();
  const stripe = await payByCard(page, 'Starter');
  await expect(page.getByText('Subscribed to Starter')).toBeVisible();
  await expect(current.getByText('Active', { exact: true })).toBeVisible();

  // The card fails from now on, so the renewal at the period end is not paid.
  await failStripeCharges(stripe, user.user.orgs[0]!.id);

  await advanceStripeClock(stripe, 32);
  await reloadUntil(page, () =>
    expect(current.getByText('Past due', { exact: true })).toBeVisible(quick),
  );
  const pastDue = page.getByRole('alert', { name: 'Your last payment failed' });
  await expect(pastDue).toContainText('Manage subscription');
  await expect(current.getByRole('button', { name: 'Manage subscription' })).toBeVisible();

  await page.goto(`${orgPath}/inventory`);
  await expect(page.getByRole('alert', { name: 'Your last payment failed' })).toBeVisible();
});

test('Shopify billing: a declined charge changes nothing, an approved one is past_due while the bill is unpaid and active until the app is uninstalled', async ({
  page,
  request,
}) => {
  // Seven provider round trips through the browser: over a minute on a busy machine.
  test.setTimeout(120_000);
  const orgName = uniqueOrgName('Shopify billing');
  const user = await createUser(request, { label: 'shopify-billing', orgName });
  await signInWithStorage(page, user);
  const orgPath = `/${encodeURIComponent(orgName)}`;
  // A shop of its own: uninstalling it must not touch the other journeys' sandbox store.
  const shop = `billing-${Date.now().toString(36)}.myshopify.com`;
  await page.goto(`${orgPath}/dashboard`);
  await connectShopify(page, orgPath, shop);

  await page.goto(`${orgPath}/settings/billing`);
  const current = page.getByRole('region', { name: 'Current plan' });
  const shopifyMethod = page.getByRole('radio', { name: `Shopify billing (${shop})` });
  await expect(page.getByRole('radio', { name: 'Card (Stripe)' })).toBeChecked();

  // Declined on Shopify's confirmation page: still the free trial.
  await shopifyMethod.check();
  await page.getByRole('radio', { name: /^Growth/ }).check();
  await page.getByRole('button', { name: 'Continue to Shopify' }).click();
  await page.getByRole('button', { name: 'Decline' }).click();
  await expect(
    page.getByText(/The Shopify charge was not approved|could not be confirmed/),
  ).toBeVisible();
  await expect(page).toHaveURL(`${orgPath}/settings/billing`);
  await expect(current.getByRole('heading', { name: 'Free trial' })).toBeVisible();

  // Approved: active, billed through Shopify.
  await shopifyMethod.check();
  await page.getByRole('radio', { name: /^Starter/ }).check();
  await page.getByRole('button', { name: 'Continue to Shopify' }).click();
  await page.waitForURL(/confirm_recurring_application_charge/);
  const shopify = emulatorOrigin(page.url());
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Subscribed to Starter')).toBeVisible();
  await expect(page).toHaveURL(`${orgPath}/settings/billing`);
  await expect(current.getByRole('heading', { name: 'Starter' })).toBeVisible();
  await expect(current.getByText('Active', { exact: true })).toBeVisible();
  await expect(current.getByText('Billed through Shopify')).toBeVisible();
  // Another plan is confirmed on Shopify again.
  await expect(page.getByRole('button', { name: 'Change plan on Shopify' })).toBeVisible();

  // The merchant's Shopify bill is not paid: Shopify freezes the charge. Past due, and gated.
  const pastDue = page.getByRole('alert', { name: 'Your last payment failed' });
  await freezeShopifyBilling(shopify, shop, true);
  await reloadUntil(page, () =>
    expect(current.getByText('Past due', { exact: true })).toBeVisible(quick),
  );
  await expect(pastDue).toContainText('Approve the charge in your Shopify admin');
  await expect(pastDue).toContainText('are paused until it is paid');
  await page.goto(`${orgPath}/inventory`);
  await expect(pastDue).toBeVisible();

  // Paid: active again, and the banner is gone.
  await freezeShopifyBilling(shopify, shop, false);
  await page.goto(`${orgPath}/settings/billing`);
  await reloadUntil(page, () =>
    expect(current.getByText('Active', { exact: true })).toBeVisible(quick),
  );
  await expect(pastDue).toHaveCount(0);
  await page.goto(`${orgPath}/inventory`);
  await expect(page.getByRole('heading', { level: 1, name: 'Inventory' })).toBeVisible();
  await expect(pastDue).toHaveCount(0);
  await expect(page.getByRole('alert', { name: GATED })).toHaveCount(0);
  await page.goto(`${orgPath}/settings/billing`);

  // Uninstalling the app cancels the charge: gated.
  await uninstallShopifyApp(shopify, shop);
  await reloadUntil(page, () =>
    expect(page.getByRole('alert', { name: GATED })).toBeVisible(quick),
  );
  await expect(current.getByText('Canceled', { exact: true })).toBeVisible();
});

test("a gated organisation's inventory explains why generating SKUs is refused, with a link to billing", async ({
  page,
  request,
}) => {
  const orgName = uniqueOrgName('Gated');
  const user: TestUser = await createUser(request, { label: 'gated', orgName });
  const org = user.user.orgs[0]!;
  await seedCatalogue(org.id, user.user.id);
  await endTrial(org.id);
  await signInWithStorage(page, user);
  const orgPath = `/${encodeURIComponent(orgName)}`;

  await page.goto(`${orgPath}/inventory`);
  await expect(page.getByRole('alert', { name: GATED })).toBeVisible();
  const notice = page
    .getByRole('alert')
    .filter({ hasText: 'Generating SKUs and turning sync on needs an active subscription' });
  await expect(notice).toBeVisible();

  // The screen explains; the server decides: the call is made and refused with its reason.
  const table = page.getByRole('table', { name: 'Products' });
  await table.getByRole('row').filter({ hasText: 'Beeswax Candle' }).getByRole('checkbox').check();
  const refused = page.waitForResponse(
    (r) => r.url().includes('/v1/users/sku-settings/generate') && r.status() === 402,
  );
  await page.getByRole('button', { name: 'Generate SKUs' }).click();
  await refused;
  await expect(page.getByText('Failed to generate new skus')).toBeVisible();
  const reason = page
    .getByRole('alert')
    .filter({ hasText: 'Your organisation needs an active subscription to do this' });
  await expect(reason).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: 'Beeswax Candle' })).toContainText(
    'NO SKUs',
  );

  await reason.getByRole('link', { name: 'Go to billing' }).click();
  await expect(page).toHaveURL(`${orgPath}/settings/billing`);
  await expect(
    page.getByRole('region', { name: 'Current plan' }).getByText('Canceled'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue to checkout' })).toBeVisible();
});
