import type { APIRequestContext, Page } from '@playwright/test';
import { seedCatalogue } from '../support/catalogue-seed';
import {
  accounts,
  DEMO_SHOP,
  expectConnected,
  expectImportFinished,
  importAfterPreview,
} from '../support/channels';
import {
  createUser,
  expect,
  fillCodeAndVerify,
  readCode,
  signInWithNewOrganization,
  test,
  uniqueOrgName,
  type TestUser,
} from '../support/fixtures';

// Issue 20 items 7, 16, 19 and 20: what a newcomer met. Sign-in codes are rate limited per run,
// so the tests share one user, who gets a new organisation per test through the API.

let sharedUser: TestUser | undefined;
let firstOrgName = '';

async function signInWithNewOrg(page: Page, request: APIRequestContext, label: string) {
  if (!sharedUser) {
    firstOrgName = uniqueOrgName('Newcomer');
    sharedUser = await createUser(request, { label: 'newcomer', orgName: firstOrgName });
  }
  const user = sharedUser;
  return { user, ...(await signInWithNewOrganization(page, request, user, label)) };
}

function channelAccounts(page: Page) {
  return page.getByRole('complementary', { name: 'Channel accounts' });
}

/** Reloads the product page until the first variant's quantity reads `expected`. */
async function expectQuantity(page: Page, expected: number) {
  await expect(async () => {
    await page.reload();
    await expect(page.getByLabel(/^Quantity of /).first()).toHaveValue(String(expected), {
      timeout: 2_000,
    });
  }).toPass({ timeout: 30_000 });
}

test('the sandbox store is offered; a simulated sale and a stock edit on the channel reach the inventory; settings lead to the account', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const { orgPath } = await signInWithNewOrg(page, request, 'Sandbox');
  await page.goto(`${orgPath}/dashboard`);

  // The connect dialog offers the sandbox store and says what it is.
  await page.getByRole('button', { name: 'Connect Shopify' }).click();
  const dialog = page.getByRole('dialog', { name: 'Connect a Shopify store' });
  await expect(dialog.getByLabel('Shop domain')).toHaveValue(DEMO_SHOP);
  await expect(dialog.getByText(`${DEMO_SHOP} is the sandbox store`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Continue to Shopify' }).click();
  await page.getByRole('button', { name: 'Install app' }).click();
  await expectConnected(page, orgPath, 'Connected Shopify account');

  // Settings' Account and Import lead to the one connected account's screens (item 16).
  await page.goto(`${orgPath}/settings`);
  await channelAccounts(page).getByRole('link', { name: 'Account' }).click();
  await expect(page).toHaveURL(new RegExp(`${orgPath}/integrations/shopify/[^/]+/account$`));
  await page.goto(`${orgPath}/settings`);
  await channelAccounts(page).getByRole('link', { name: 'Import' }).click();
  await expect(page).toHaveURL(new RegExp(`${orgPath}/integrations/shopify/[^/]+/import$`));
  const accountUrl = page.url().replace(/\/import$/, '/account');

  // One product imported (not the first row, which other journeys use) and synced.
  const box = page
    .getByRole('table', { name: 'Products to import' })
    .getByRole('row')
    .filter({ has: page.getByRole('cell') })
    .nth(4)
    .getByRole('checkbox');
  const title = (await box.getAttribute('aria-label'))!.replace(/^Select /, '');
  await box.check();
  await importAfterPreview(page, 'Import selected (1)');
  await expectImportFinished(page, 1);
  await page.goto(`${orgPath}/inventory`);
  await page.getByRole('checkbox', { name: `Select ${title}` }).check();
  await page.getByRole('button', { name: 'Toggle sync' }).click();
  await page
    .getByRole('dialog', { name: /^Turn sync on for/ })
    .getByRole('button', { name: 'Turn sync on' })
    .click();
  await expect(page.getByText('Updated product sync state')).toBeVisible();
  await page.getByRole('link', { name: title, exact: true }).click();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  const productUrl = page.url();
  const listing = page
    .getByRole('table', { name: 'Channel listings' })
    .getByRole('row')
    .filter({ has: page.getByRole('cell') })
    .first();
  await expect(listing.getByText('Pending')).toHaveCount(0, { timeout: 30_000 });
  const before = Number(
    await page
      .getByLabel(/^Quantity of /)
      .first()
      .inputValue(),
  );

  // A sale on the sandbox store, from the account screen: stocksync hears of it by webhook.
  await page.goto(accountUrl);
  await expect(page.getByLabel('Product')).toContainText(title);
  await page.getByLabel('Units sold').fill('2');
  await page.getByRole('button', { name: 'Simulate a sale' }).click();
  await expect(page.getByText(/^Sold 2 × /)).toBeVisible();
  await page.goto(productUrl);
  await expectQuantity(page, before - 2);

  // The seller changes the stock on Shopify itself.
  await page.goto(accountUrl);
  await page.getByLabel('New quantity on Shopify').fill('40');
  await page.getByRole('button', { name: 'Change stock on the channel' }).click();
  await expect(page.getByText(/ set to 40 on Shopify$/)).toBeVisible();
  await page.goto(productUrl);
  await expectQuantity(page, 40);

  // With a second account, Settings' items open a chooser of accounts.
  await page.goto(`${orgPath}/dashboard`);
  await page.getByRole('link', { name: 'Connect eBay' }).click();
  await page.getByRole('button', { name: 'Agree' }).click();
  await expectConnected(page, orgPath, 'Connected eBay account');
  await expect(accounts(page)).toHaveCount(2);
  await page.goto(`${orgPath}/settings`);
  await channelAccounts(page).getByRole('button', { name: 'Account' }).click();
  await page.getByRole('menuitem', { name: /eBay/ }).click();
  await expect(page).toHaveURL(new RegExp(`${orgPath}/integrations/ebay/[^/]+/account$`));
  await page.goto(`${orgPath}/settings`);
  await channelAccounts(page).getByRole('button', { name: 'Import' }).click();
  await page.getByRole('menuitem', { name: /Shopify/ }).click();
  await expect(page).toHaveURL(new RegExp(`${orgPath}/integrations/shopify/[^/]+/import$`));
});

test('a page past the end of the inventory shows the last page', async ({ page, request }) => {
  const { user, org, orgPath } = await signInWithNewOrg(page, request, 'Pages');
  await seedCatalogue(org.id, user.user.id);
  await page.goto(`${orgPath}/inventory?page=99`);
  await expect(page).toHaveURL(/[?&]page=2(&|$)/);
  await expect(page.getByText('51–55 of 55 products')).toBeVisible();
  await expect(page.getByText('Page 2 of 2')).toBeVisible();
  await expect(page.getByRole('checkbox', { name: /^Select / })).not.toHaveCount(0);
});

test('switching organisation keeps the section; Not Found inside an organisation keeps the sidebar', async ({
  page,
  request,
}) => {
  const { user, org, orgName, orgPath } = await signInWithNewOrg(page, request, 'Switch');
  const { productIds } = await seedCatalogue(org.id, user.user.id);
  const other = `/${encodeURIComponent(firstOrgName)}`;
  const switchTo = async (from: string, to: string) => {
    await page.getByRole('button', { name: `Organisation: ${from}` }).click();
    await page.getByRole('menuitem', { name: to }).click();
  };

  test.setTimeout(120_000);
  await page.goto(`${orgPath}/inventory`);
  await switchTo(orgName, firstOrgName);
  await expect(page).toHaveURL(new RegExp(`^[^?]*${other}/inventory(\\?|$)`));

  await page.goto(`${orgPath}/settings/sku-generator`);
  await switchTo(orgName, firstOrgName);
  await expect(page).toHaveURL(`${other}/settings/sku-generator`);

  // A product belongs to its organisation: the other one's inventory list instead.
  await page.goto(`${orgPath}/products/${productIds['Trail Runner']}`);
  await expect(page.getByRole('heading', { name: 'Trail Runner' })).toBeVisible();
  await switchTo(orgName, firstOrgName);
  await expect(page).toHaveURL(new RegExp(`^[^?]*${other}/inventory(\\?|$)`));

  // An unknown page of a known organisation: Not Found inside the app shell.
  await page.goto(`${orgPath}/no-such-page`);
  await expect(page.getByRole('heading', { name: 'Not Found' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page.getByRole('main')).toHaveCount(1);
  // An unknown organisation has no shell to keep.
  await page.goto('/No%20Such%20Organisation%20Here/dashboard');
  await expect(page.getByRole('heading', { name: 'Not Found' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
});

test('signing in from a deep link lands on that page', async ({ page, request }) => {
  const { user, orgPath } = await signInWithNewOrg(page, request, 'Deep Link');
  await page.evaluate(() => localStorage.clear());
  await page.goto(`${orgPath}/settings/sku-generator`);
  await expect(page).toHaveURL(/\/auth\/login\?redirect=/);
  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('button', { name: 'Send sign-in code' }).click();
  await fillCodeAndVerify(page, await readCode(user.email));
  await expect(page).toHaveURL(`${orgPath}/settings/sku-generator`);
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
});
