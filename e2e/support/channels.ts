import type { Page } from '@playwright/test';
import { expect } from './fixtures';

// The e2e server has no channel credentials, so it runs the emulators in-process (demo mode) and
// every connect button connects a sandbox account through the emulator's own consent page.

export const DEMO_SHOP = 'stocksync-demo.myshopify.com';

/** The connected accounts listed on the dashboard and the integrations screen. */
export function accounts(page: Page) {
  return page.getByRole('list', { name: 'Connected accounts' }).getByRole('listitem');
}

export async function expectConnected(page: Page, orgPath: string, text: string) {
  // The channel's callback exchanges the code with the emulator first: slow on a busy machine.
  await expect(page).toHaveURL(new RegExp(`${orgPath}/dashboard\\?status=success`), {
    timeout: 30_000,
  });
  await expect(page.getByRole('status').filter({ hasText: text })).toBeVisible();
}

/** Connects a Shopify store (the demo one by default) through the emulator's install page. */
export async function connectShopify(page: Page, orgPath: string, shop = DEMO_SHOP) {
  await page.getByRole('button', { name: 'Connect Shopify' }).click();
  await page.getByLabel('Shop domain').fill(shop);
  await page.getByRole('button', { name: 'Continue to Shopify' }).click();
  await page.getByRole('button', { name: 'Install app' }).click();
  await expectConnected(page, orgPath, 'Connected Shopify account');
}

/** Connects the sandbox eBay account and TikTok shop from the dashboard (their consent pages). */
export async function connectEbayAndTiktok(page: Page, orgPath: string) {
  await page.getByRole('link', { name: 'Connect eBay' }).click();
  await page.getByRole('button', { name: 'Agree' }).click();
  await expectConnected(page, orgPath, 'Connected eBay account');
  await page.getByRole('link', { name: 'Connect TikTok Shop' }).click();
  await page.getByRole('button', { name: 'Authorize' }).click();
  await expectConnected(page, orgPath, 'Connected TikTok Shop account');
}

/** Waits for the followed import to finish and checks its counts. */
/**
 * Clicks an import button ('Import selected (n)', 'Import all'), waits for the dry run's preview
 * in its dialog, and starts the import with the dialog's Import.
 */
export async function importAfterPreview(page: Page, button: string) {
  await page.getByRole('button', { name: button, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('list', { name: 'What this import does' })).toBeVisible({
    timeout: 45_000,
  });
  await dialog.getByRole('button', { name: 'Import', exact: true }).click();
}

export async function expectImportFinished(page: Page, done: number | RegExp) {
  const progress = page.getByRole('region', { name: 'Import progress' });
  await expect(progress.getByText('Import finished')).toBeVisible({ timeout: 45_000 });
  await expect(progress.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  if (typeof done === 'number') await expect(progress).toContainText(`${done} of ${done} imported`);
  else await expect(progress).toContainText(done);
}
