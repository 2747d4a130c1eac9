import type { Page } from '@playwright/test';
import { connectShopify } from '../support/channels';
import {
  createUser,
  expect,
  signInWithNewOrganization,
  test,
  uniqueOrgName,
} from '../support/fixtures';
import { expectMaster, importSandboxProduct, orgApi } from '../support/sandbox-product';

// Issue 22 items 2 and 3 in Chromium, with sales made on the Shopify sandbox store: a quantity set
// on a screen that went stale meets the conflict screen and the seller's change lands on top of
// the sale; an oversold variant shows its badge and is listed under the Oversold filter.

async function sandboxProduct(page: Page, request: Parameters<typeof orgApi>[0], label: string) {
  const user = await createUser(request, { label, orgName: uniqueOrgName(label) });
  const { org, orgPath } = await signInWithNewOrganization(page, request, user, label);
  await page.goto(`${orgPath}/dashboard`);
  await connectShopify(page, orgPath);
  const api = orgApi(request, user.accessToken, org.id);
  const product = await importSandboxProduct(api, 3);
  return { api, orgPath, product };
}

// The sale is made only once turning sync on has aligned the product's listings
// (importSandboxProduct waits for it): a sale made before the alignment's read of the store is
// taken as what the store held when sync turned on, and the store is set back to the master.
test('an oversold variant shows its badge and is listed under the Oversold filter', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const { api, orgPath, product } = await sandboxProduct(page, request, 'Oversold');
  // The variant with the most stock (its inventory is tracked on the store).
  const variant = product.variants.reduce((a, b) => (b.available_qty > a.available_qty ? b : a));
  // The store sells two more than there are.
  await api('POST', `/v1/connections/${product.pcId}/sandbox/sale`, {
    variant_id: variant.id,
    quantity: variant.available_qty + 2,
  });
  await expectMaster(api, product.id, variant.id, -2);

  await page.goto(`${orgPath}/products/${product.id}`);
  const variantRow = page
    .getByRole('table', { name: 'Variants' })
    .getByRole('row')
    .filter({ has: page.getByLabel(`Quantity of ${variant.title}`, { exact: true }) });
  await expect(variantRow.getByText('Oversold', { exact: true })).toBeVisible();

  await page.goto(`${orgPath}/inventory`);
  await page.getByLabel('Stock level').selectOption('oversold');
  await expect(page).toHaveURL(/[?&]stock=oversold/);
  const rows = page.getByRole('row').filter({ has: page.getByRole('link') });
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(product.title);
  await expect(rows.first().getByText('Oversold', { exact: true })).toBeVisible();
  // The filter survives a reload (it is in the URL).
  await page.reload();
  await expect(page.getByLabel('Stock level')).toHaveValue('oversold');
  await expect(rows).toHaveCount(1);

  // The activity log says which order oversold it.
  await page.goto(`${orgPath}/activity`);
  const entry = page.getByRole('row').filter({ hasText: 'Oversold' }).first();
  await expect(entry).toContainText('Warning');
  await expect(entry).toContainText('order');
});

test('a stale set gets the conflict screen, and the change lands on top of the sale', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const { api, orgPath, product } = await sandboxProduct(page, request, 'Conflict');
  const variant = product.variants.reduce((a, b) => (b.available_qty > a.available_qty ? b : a));
  const seen = variant.available_qty;
  expect(seen).toBeGreaterThanOrEqual(2);
  await page.goto(`${orgPath}/products/${product.id}`);
  const qty = page.getByLabel(`Quantity of ${variant.title}`, { exact: true });
  await expect(qty).toHaveValue(String(seen));

  // The seller starts typing; meanwhile 2 sell on the store.
  await qty.focus();
  await api('POST', `/v1/connections/${product.pcId}/sandbox/sale`, {
    variant_id: variant.id,
    quantity: 2,
  });
  await expectMaster(api, product.id, variant.id, seen - 2);
  await qty.fill(String(seen + 5));
  await qty.press('Enter');

  const dialog = page.getByRole('dialog', { name: 'The quantity changed' });
  await expect(dialog).toContainText(`is now ${seen - 2}, not the ${seen} you saw`);
  const changes = dialog.getByRole('list', { name: 'Changes since you saw it' });
  await expect(changes).toContainText('Shopify');
  await expect(changes).toContainText('sold 2');
  // Nothing was saved: the sale stands.
  await expectMaster(api, product.id, variant.id, seen - 2);

  // The seller meant "+5": applied on top of the sale.
  await dialog.getByRole('button', { name: `Apply +5 (→ ${seen + 3})` }).click();
  await expect(page.getByText('Updated quantity')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(qty).toHaveValue(String(seen + 3));
  await expectMaster(api, product.id, variant.id, seen + 3);

  // "+/−" adds to whatever the master is: another sale, then -1.
  await api('POST', `/v1/connections/${product.pcId}/sandbox/sale`, {
    variant_id: variant.id,
    quantity: 1,
  });
  await expectMaster(api, product.id, variant.id, seen + 2);
  const adjust = page.getByLabel(`Adjust quantity of ${variant.title}`, { exact: true });
  await adjust.fill('-1');
  await adjust.press('Enter');
  await expectMaster(api, product.id, variant.id, seen + 1);
  await expect(qty).toHaveValue(String(seen + 1));
});
