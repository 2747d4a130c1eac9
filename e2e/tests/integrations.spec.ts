import type { Page } from '@playwright/test';
import {
  createUser,
  expect,
  fillCodeAndVerify,
  readCode,
  signInWithStorage,
  test,
  uniqueOrgName,
} from '../support/fixtures';
import {
  accounts,
  connectShopify,
  DEMO_SHOP,
  expectConnected,
  expectImportFinished,
  importAfterPreview,
} from '../support/channels';

async function inventoryTotal(page: Page, orgPath: string): Promise<number> {
  await page.goto(`${orgPath}/inventory`);
  const summary = page.getByText(/^1–\d+ of \d+ products$/);
  await expect(summary).toBeVisible();
  return Number((await summary.textContent())!.match(/of (\d+) products/)![1]);
}

test('connects Shopify, eBay and TikTok Shop sandbox accounts through their consent pages', async ({
  page,
  request,
}) => {
  const orgName = uniqueOrgName('Channels');
  const user = await createUser(request, { label: 'channels', orgName });
  await signInWithStorage(page, user);
  const orgPath = `/${encodeURIComponent(orgName)}`;

  await page.goto(`${orgPath}/dashboard`);
  await expect(page.getByText('No sales channels connected yet.')).toBeVisible();

  // Shopify: the shop domain in a dialog, the emulator's install page, the callback screen.
  await page.getByRole('button', { name: 'Connect Shopify' }).click();
  const dialog = page.getByRole('dialog', { name: 'Connect a Shopify store' });
  await dialog.getByLabel('Shop domain').fill('not a shop');
  await dialog.getByRole('button', { name: 'Continue to Shopify' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(/like my-shop\.myshopify\.com/);
  await dialog.getByLabel('Shop domain').fill(DEMO_SHOP);
  await dialog.getByRole('button', { name: 'Continue to Shopify' }).click();
  await page.getByRole('button', { name: 'Install app' }).click();
  await expectConnected(page, orgPath, 'Connected Shopify account');
  await expect(accounts(page)).toHaveCount(1);
  const shopify = accounts(page).first();
  await expect(shopify.getByText('Sandbox')).toBeVisible();
  await expect(shopify.getByText('Connected', { exact: true })).toBeVisible();
  await expect(shopify.getByText(DEMO_SHOP)).toBeVisible();

  // eBay: the consent URL fetched on entry to the dashboard.
  await page.getByRole('link', { name: 'Connect eBay' }).click();
  await page.getByRole('button', { name: 'Agree' }).click();
  await expectConnected(page, orgPath, 'Connected eBay account');

  // TikTok Shop: the /auth/tiktok/ start screen fetches the authorisation address.
  await page.getByRole('link', { name: 'Connect TikTok Shop' }).click();
  await page.getByRole('button', { name: 'Authorize' }).click();
  await expectConnected(page, orgPath, 'Connected TikTok Shop account');
  await expect(accounts(page)).toHaveCount(3);

  // TikTok Shop's catalogue has its import screen too.
  await accounts(page)
    .filter({ hasText: 'TikTok Shop' })
    .getByRole('link', { name: /^Import products from / })
    .click();
  await expect(page).toHaveURL(new RegExp(`${orgPath}/integrations/tiktok/[^/]+/import$`));
  const tiktokRows = page
    .getByRole('table', { name: 'Products to import' })
    .getByRole('row')
    .filter({ has: page.getByRole('cell') });
  await tiktokRows.first().getByRole('checkbox').check();
  await importAfterPreview(page, 'Import selected (1)');
  await expectImportFinished(page, 1);
  await expect(tiktokRows.first().getByRole('link')).toBeVisible();
  await page.goto(`${orgPath}/dashboard`);

  // The integrations screen lists them with their links, sync switch and disconnect.
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Integrations' })
    .click();
  await expect(accounts(page)).toHaveCount(3);
  const ebay = accounts(page).filter({ hasText: 'eBay' });
  // Stock sync turns off per connection, and stays off after a reload.
  const ebaySync = ebay.getByRole('switch');
  await expect(ebaySync).toBeChecked();
  await ebaySync.click();
  await expect(page.getByText('Sync state updated')).toBeVisible();
  await expect(ebaySync).not.toBeChecked();
  await page.reload();
  await expect(ebaySync).not.toBeChecked();
  await expect(accounts(page).filter({ hasText: 'Shopify' }).getByRole('switch')).toBeChecked();
  await ebay.getByRole('link', { name: /^Account details of / }).click();
  await expect(page).toHaveURL(new RegExp(`${orgPath}/integrations/ebay/[^/]+/account$`));
  const ebayAccountUrl = new URL(page.url()).pathname;
  await expect(page.getByRole('heading', { name: 'Account details' })).toBeVisible();
  await expect(page.getByText('Platform connection ID')).toBeVisible();
  await expect(page.getByText('Sandbox', { exact: true })).toBeVisible();

  // Disconnect asks first; the account then shows as disconnected.
  await page.getByRole('button', { name: /^Disconnect / }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText('Products you imported from it stay');
  await confirm.getByRole('button', { name: 'Disconnect' }).click();
  await expect(page).toHaveURL(`${orgPath}/integrations`);
  await expect(page.getByText('Account disconnected')).toBeVisible();
  const disconnected = accounts(page).filter({ hasText: 'eBay' });
  await expect(disconnected.getByText('Disconnected', { exact: true })).toBeVisible();
  await expect(disconnected.getByRole('switch')).toHaveCount(0);
  await expect(disconnected.getByRole('link', { name: /^Import products from / })).toHaveCount(0);

  await expect(disconnected.getByRole('button', { name: /^Reconnect / })).toBeVisible();

  // Its import screen cannot load and offers to reconnect, through eBay's consent again.
  await page.goto(ebayAccountUrl.replace(/\/account$/, '/import'));
  await expect(page.getByRole('heading', { name: /could not be loaded$/ })).toBeVisible();
  await page.getByRole('button', { name: /^Reconnect / }).click();
  await page.getByRole('button', { name: 'Agree' }).click();
  await expectConnected(page, orgPath, 'Connected eBay account');
  await expect(accounts(page)).toHaveCount(3);
  await expect(
    accounts(page).filter({ hasText: 'eBay' }).getByText('Connected', { exact: true }),
  ).toBeVisible();
});

test('a declined consent and a Shopify-initiated install', async ({ page, request }) => {
  const orgName = uniqueOrgName('Declines');
  const user = await createUser(request, { label: 'declines', orgName });
  await signInWithStorage(page, user);
  const orgPath = `/${encodeURIComponent(orgName)}`;

  await page.goto(`${orgPath}/dashboard`);
  await page.getByRole('link', { name: 'Connect eBay' }).click();
  await page.getByRole('button', { name: 'Not now' }).click();
  await expect(page).toHaveURL(`${orgPath}/dashboard`);
  await expect(page.getByRole('alert').filter({ hasText: 'declined' })).toBeVisible();
  await expect(page.getByText('No sales channels connected yet.')).toBeVisible();

  // Shopify's install link lands on the confirm screen for the current organisation.
  await page.goto(`/auth/shopify/?shop=${DEMO_SHOP}`);
  await expect(page.getByText(`Connect ${DEMO_SHOP} to ${orgName}?`)).toBeVisible();
  await page.getByRole('button', { name: 'Connect store' }).click();
  await page.getByRole('button', { name: 'Install app' }).click();
  await expectConnected(page, orgPath, 'Connected Shopify account');
});

test('imports selected Shopify products, then eBay products sharing SKUs link to them', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const orgName = uniqueOrgName('Imports');
  const user = await createUser(request, { label: 'imports', orgName });
  await signInWithStorage(page, user);
  const orgPath = `/${encodeURIComponent(orgName)}`;
  await page.goto(`${orgPath}/dashboard`);
  await connectShopify(page, orgPath);

  await accounts(page)
    .first()
    .getByRole('link', { name: /^Import products from / })
    .click();
  await expect(page).toHaveURL(new RegExp(`${orgPath}/integrations/shopify/[^/]+/import$`));
  const table = page.getByRole('table', { name: 'Products to import' });
  const rows = table.getByRole('row').filter({ has: page.getByRole('cell') });
  await expect(rows.first()).toBeVisible();
  const pageSize = await rows.count();
  expect(pageSize).toBeGreaterThan(3);
  await expect(rows.first().getByText('Not synced')).toBeVisible();
  await expect(rows.first().getByText(/^\d+ in stock( for \d+ variants)?$/)).toBeVisible();
  // Not imported yet: titles are plain text.
  await expect(table.getByRole('link')).toHaveCount(0);

  // Select-all on the page, with its indeterminate state.
  const selectAll = table.getByRole('checkbox', { name: 'Select all rows on this page' });
  const titles: string[] = [];
  for (let i = 0; i < 3; i += 1) {
    const box = rows.nth(i).getByRole('checkbox');
    titles.push((await box.getAttribute('aria-label'))!.replace(/^Select /, ''));
    await box.check();
  }
  await expect(selectAll).toHaveAttribute('aria-checked', 'mixed');
  await selectAll.click();
  await expect(selectAll).toHaveAttribute('aria-checked', 'true');
  await selectAll.click();
  await expect(selectAll).toHaveAttribute('aria-checked', 'false');
  for (const title of titles)
    await table.getByRole('checkbox', { name: `Select ${title}` }).check();

  // Cursor paging: the next page and back.
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Page 2')).toBeVisible();
  await expect(table.getByRole('checkbox', { name: `Select ${titles[0]}` })).toHaveCount(0);
  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(page.getByText('Page 1')).toBeVisible();
  for (const title of titles)
    await table.getByRole('checkbox', { name: `Select ${title}` }).check();

  await importAfterPreview(page, 'Import selected (3)');
  await expect(page.getByText('Importing has begun')).toBeVisible();
  await expectImportFinished(page, 3);
  // The list refetched: imported titles now link to their product.
  for (const title of titles) {
    await expect(table.getByRole('link', { name: title, exact: true })).toBeVisible();
  }
  await expect(table.getByRole('link')).toHaveCount(3);

  // Search within the remote catalogue.
  await page.getByLabel(/^Search products on /).fill(titles[1]!);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(table.getByRole('link', { name: titles[1], exact: true })).toBeVisible();
  await expect(rows).toHaveCount(1);

  // The inventory has them, each with one Shopify connection.
  expect(await inventoryTotal(page, orgPath)).toBe(3);
  const inventory = page.getByRole('table', { name: 'Products' });
  for (const title of titles) {
    const row = inventory.getByRole('row').filter({ has: page.getByRole('link', { name: title }) });
    await expect(row.getByRole('img', { name: 'Shopify' })).toBeVisible();
    await expect(row.getByTitle('Shopify: 1 connection')).toBeVisible();
  }

  // The whole Shopify catalogue; importing the first three again updates rather than duplicates.
  await page.goto(`${orgPath}/dashboard`);
  await accounts(page)
    .first()
    .getByRole('link', { name: /^Import products from / })
    .click();
  await importAfterPreview(page, 'Import all');
  await expect(page.getByText('Importing has begun')).toBeVisible();
  await expectImportFinished(page, /imported/);
  const afterShopify = await inventoryTotal(page, orgPath);
  expect(afterShopify).toBeGreaterThan(3);

  // eBay: its sandbox account shares SKUs with the Shopify store.
  await page.goto(`${orgPath}/dashboard`);
  await page.getByRole('link', { name: 'Connect eBay' }).click();
  await page.getByRole('button', { name: 'Agree' }).click();
  await expectConnected(page, orgPath, 'Connected eBay account');
  await accounts(page)
    .filter({ hasText: 'eBay' })
    .getByRole('link', { name: /^Import products from / })
    .click();
  await expect(rows.first()).toBeVisible();
  await importAfterPreview(page, 'Import all');
  await expectImportFinished(page, /imported/);
  await expect(table.getByRole('link').first()).toBeVisible();

  // A linked eBay product is the Shopify product, now with both channels.
  await table.getByRole('link').first().click();
  await expect(page).toHaveURL(new RegExp(`${orgPath}/products/`));
  await expect(page.getByRole('img', { name: 'eBay' }).first()).toBeVisible();
  await expect(page.getByRole('img', { name: 'Shopify' }).first()).toBeVisible();
  // Shared SKUs linked instead of duplicating: fewer new products than eBay products.
  const afterEbay = await inventoryTotal(page, orgPath);
  expect(afterEbay - afterShopify).toBeLessThan(20);
});

test('a Shopify install opened while signed out continues after sign-in', async ({
  page,
  request,
}) => {
  const orgName = uniqueOrgName('Install');
  const user = await createUser(request, { label: 'install', orgName });
  const orgPath = `/${encodeURIComponent(orgName)}`;

  await page.goto(`/auth/shopify/?shop=${DEMO_SHOP}&hmac=ignored-by-the-web-app`);
  await expect(page).toHaveURL(/\/auth\/login$/);
  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('button', { name: 'Send sign-in code' }).click();
  await expect(page).toHaveURL(/\/auth\/verify$/);
  await fillCodeAndVerify(page, await readCode(user.email));

  await expect(page.getByText(`Connect ${DEMO_SHOP} to ${orgName}?`)).toBeVisible();
  await page.getByRole('button', { name: 'Connect store' }).click();
  await page.getByRole('button', { name: 'Install app' }).click();
  await expectConnected(page, orgPath, 'Connected Shopify account');
});

test('an eBay connect address left open past its lifetime is fetched again', async ({
  page,
  request,
}) => {
  const orgName = uniqueOrgName('Stale');
  const user = await createUser(request, { label: 'stale-url', orgName });
  await page.clock.install();
  await signInWithStorage(page, user);
  const orgPath = `/${encodeURIComponent(orgName)}`;
  await page.goto(`${orgPath}/dashboard`);
  const connect = page.getByRole('link', { name: 'Connect eBay' });
  const first = await connect.getAttribute('href');
  // The server's OAuth state lives 10 minutes.
  await page.clock.fastForward('11:00');
  const fresh = page.waitForRequest((r) => r.url().includes('/v1/platforms/ebay/oauth/get-url'));
  await connect.click();
  await fresh;
  await expect(page).not.toHaveURL(first!);
  await page.getByRole('button', { name: 'Agree' }).click();
  await expectConnected(page, orgPath, 'Connected eBay account');
});
