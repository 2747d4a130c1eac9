import type { Page } from '@playwright/test';
import { createUser, expect, signInWithStorage, test, uniqueOrgName } from '../support/fixtures';
import {
  accounts,
  connectShopify,
  expectImportFinished,
  importAfterPreview,
} from '../support/channels';

// Issue 25 item 3 in Chromium: the dry run shown before an import writes nothing, and an import
// is undone from the import screen.

async function expectNoProducts(page: Page, orgPath: string) {
  await page.goto(`${orgPath}/inventory`);
  await expect(page.getByText('No products yet')).toBeVisible();
}

test('a dry run writes nothing, and an import is undone', async ({ page, request }) => {
  test.setTimeout(150_000);
  const orgName = uniqueOrgName('Undo');
  const user = await createUser(request, { label: 'undo', orgName });
  await signInWithStorage(page, user);
  const orgPath = `/${encodeURIComponent(orgName)}`;
  await page.goto(`${orgPath}/dashboard`);
  await connectShopify(page, orgPath);
  await accounts(page)
    .first()
    .getByRole('link', { name: /^Import products from / })
    .click();
  const importUrl = page.url();
  await expect(page.getByRole('region', { name: 'How importing works' })).toContainText(
    'keeps the title, variant names and prices of the channel it first came from',
  );

  // The whole catalogue previewed, then cancelled: nothing is written.
  await page.getByRole('button', { name: 'Import all', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: /^Import every product of / });
  const totals = dialog.getByRole('list', { name: 'What this import does' });
  await expect(totals).toContainText(/^\d+ products: (\d+) new/, { timeout: 45_000 });
  const total = Number((await totals.textContent())!.match(/^(\d+) products/)![1]);
  expect(total).toBeGreaterThan(10);
  await expect(totals).toContainText(`${total} products: ${total} new`);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expectNoProducts(page, orgPath);

  // Two products imported after their preview, then undone.
  await page.goto(importUrl);
  const table = page.getByRole('table', { name: 'Products to import' });
  const rows = table.getByRole('row').filter({ has: page.getByRole('cell') });
  await expect(rows.first()).toBeVisible();
  for (let i = 0; i < 2; i += 1) await rows.nth(i).getByRole('checkbox').check();
  await importAfterPreview(page, 'Import selected (2)');
  await expectImportFinished(page, 2);
  await expect(table.getByText('Imported', { exact: true })).toHaveCount(2);

  const progress = page.getByRole('region', { name: 'Import progress' });
  await progress.getByRole('button', { name: 'Undo import' }).click();
  const confirm = page.getByRole('dialog', { name: 'Undo this import?' });
  await confirm.getByRole('button', { name: 'Undo import' }).click();
  await expect(page.getByText('Import undone', { exact: true }).first()).toBeVisible();
  await expect(progress.getByRole('button', { name: 'Undo import' })).toHaveCount(0);
  await expect(table.getByText('Imported', { exact: true })).toHaveCount(0);
  await expectNoProducts(page, orgPath);

  // The activity log says so.
  await page.goto(`${orgPath}/activity`);
  await expect(page.getByText(/^Import from Shopify .* undone$/)).toBeVisible();
});
