import type { Page } from '@playwright/test';
import { createUser, expect, signInWithStorage, test, uniqueOrgName } from '../support/fixtures';

// The e2e server has no channel credentials, so it runs the emulators in-process (demo mode) and
// every connect button connects a sandbox account through the emulator's own consent page.

const DEMO_SHOP = 'stocksync-demo.myshopify.com';

function accounts(page: Page) {
  return page.getByRole('list', { name: 'Connected accounts' }).getByRole('listitem');
}

async function expectConnected(page: Page, orgPath: string, text: string) {
  await expect(page).toHaveURL(new RegExp(`${orgPath}/dashboard\\?status=success`));
  await expect(page.getByRole('status').filter({ hasText: text })).toBeVisible();
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

  // The integrations screen lists them with their links, sync switch and disconnect.
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Integrations' })
    .click();
  await expect(accounts(page)).toHaveCount(3);
  const ebay = accounts(page).filter({ hasText: 'eBay' });
  await expect(ebay.getByRole('switch')).toBeVisible();
  await ebay.getByRole('link', { name: /^Account details of / }).click();
  await expect(page).toHaveURL(new RegExp(`${orgPath}/integrations/ebay/[^/]+/account$`));
  await expect(page.getByRole('heading', { name: 'Account details' })).toBeVisible();
  await expect(page.getByText('Platform connection ID')).toBeVisible();
  await expect(page.getByText('Sandbox')).toBeVisible();

  // Disconnect asks first; the account then shows as disconnected.
  await page.getByRole('button', { name: /^Disconnect / }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText('Products you imported from it stay');
  await confirm.getByRole('button', { name: 'Disconnect' }).click();
  await expect(page).toHaveURL(`${orgPath}/integrations`);
  await expect(page.getByText('Account disconnected')).toBeVisible();
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
