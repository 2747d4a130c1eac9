import type { Page } from '@playwright/test';
import { connectShopify } from '../support/channels';
import { importSandboxProduct, orgApi, type OrgApi } from '../support/sandbox-product';
import {
  createUser,
  expect,
  signInWithNewOrganization,
  signInWithStorage,
  test,
  uniqueOrgName,
} from '../support/fixtures';

// Issue 22 item 1: two browsers on one organisation follow a sale on the Shopify sandbox store
// without a reload, on the inventory list and on the product page; and a browser whose stream is
// cut says that live updates are paused.

/** One sandbox product imported and synced: its total and its best-stocked variant. */
async function importOneProduct(api: OrgApi) {
  const product = await importSandboxProduct(api, 6);
  const total = product.variants.reduce((sum, v) => sum + v.available_qty, 0);
  const variant = product.variants.reduce((a, b) => (b.available_qty > a.available_qty ? b : a));
  return { pcId: product.pcId, product, variant, total };
}

function inventoryRow(page: Page, title: string) {
  return page
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: title, exact: true }) });
}

test('a sale on the sandbox store shows in two browsers, on the list and the product page, without a reload', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(150_000);
  const user = await createUser(request, { label: 'live', orgName: uniqueOrgName('Live') });
  const { org, orgPath } = await signInWithNewOrganization(page, request, user, 'Live');
  await page.goto(`${orgPath}/dashboard`);
  await connectShopify(page, orgPath);
  const api = orgApi(request, user.accessToken, org.id);
  const { pcId, product, variant, total } = await importOneProduct(api);
  // The list shows the product's total; the product page each variant's quantity.

  // Browser one is the page above; browser two is a context of its own, the same seller.
  const other = await browser.newContext();
  const second = await other.newPage();
  await signInWithStorage(second, {
    ...user,
    user: { ...user.user, orgs: [...user.user.orgs, org] },
  });
  const quantityOn = (each: Page) =>
    each.getByLabel(`Quantity of ${variant.title}`, { exact: true });
  const pages = [page, second, await page.context().newPage(), await other.newPage()];
  const [listOne, listTwo, productOne, productTwo] = pages as [Page, Page, Page, Page];
  for (const list of [listOne, listTwo]) {
    await list.goto(`${orgPath}/inventory`);
    await expect(
      inventoryRow(list, product.title).getByRole('cell', { name: String(total), exact: true }),
    ).toBeVisible();
  }
  for (const detail of [productOne, productTwo]) {
    await detail.goto(`${orgPath}/products/${product.id}`);
    await expect(quantityOn(detail)).toHaveValue(String(variant.available_qty));
  }

  // A mark in each document: a reload would lose it.
  for (const each of pages) await each.evaluate(() => ((window as { mark?: number }).mark = 1));

  // The sale, as the sandbox store makes it: stocksync hears of it by the channel's webhook.
  await api('POST', `/v1/connections/${pcId}/sandbox/sale`, {
    variant_id: variant.id,
    quantity: 2,
  });
  for (const list of [listOne, listTwo]) {
    await expect(
      inventoryRow(list, product.title).getByRole('cell', { name: String(total - 2), exact: true }),
    ).toBeVisible();
  }
  for (const detail of [productOne, productTwo]) {
    await expect(quantityOn(detail)).toHaveValue(String(variant.available_qty - 2));
  }
  // Nothing was reloaded: each page is still the document it was.
  for (const each of pages) {
    expect(await each.evaluate(() => (window as { mark?: number }).mark)).toBe(1);
  }
  await other.close();
});

test('a screen whose live updates are cut says so', async ({ page, request }) => {
  const user = await createUser(request, { label: 'paused', orgName: uniqueOrgName('Paused') });
  const { orgPath } = await signInWithNewOrganization(page, request, user, 'Paused');
  await page.route('**/v1/events', (route) => route.abort());
  await page.goto(`${orgPath}/inventory`);
  await expect(page.getByRole('status').filter({ hasText: 'Live updates paused' })).toBeVisible();
  await page.unroute('**/v1/events');
  await expect(page.getByRole('status').filter({ hasText: 'Live updates paused' })).toHaveCount(0, {
    timeout: 45_000,
  });
});
