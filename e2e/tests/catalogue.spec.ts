import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { seedCatalogue, seededProducts } from '../support/catalogue-seed';
import {
  createUser,
  expect,
  signInWithNewOrganization,
  test,
  uniqueOrgName,
  type TestUser,
} from '../support/fixtures';

// One seeded organisation per test: 55 products (3 hand-made, 52 fillers), 2 connections and 4
// activity entries. Titles are unique, so rows are found by their product link or checkbox label.
// Sign-in codes are rate limited per run (e2e/README.md), so the tests share one user, who gets a
// new organisation per test through the API.

type Request = Parameters<typeof createUser>[0];
let sharedUser: TestUser | undefined;

async function signInWithCatalogue(page: Page, request: Request, { seed = true } = {}) {
  sharedUser ??= await createUser(request, { label: 'catalogue', orgName: uniqueOrgName('Cat') });
  const user = sharedUser;
  const { org, orgName, orgPath } = await signInWithNewOrganization(
    page,
    request,
    user,
    'Catalogue',
  );
  const seeded = seed ? await seedCatalogue(org.id, user.user.id) : { productIds: {} };
  return { orgName, orgPath, seeded };
}

function productRow(page: Page, title: string) {
  return page
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: title, exact: true }) });
}

test('inventory: columns, paging, expanding a row', async ({ page, request }) => {
  const { orgPath } = await signInWithCatalogue(page, request);
  await page.goto(`${orgPath}/inventory`);

  const table = page.getByRole('table', { name: 'Products' });
  await expect(table).toBeVisible();
  await expect(page.getByText('1–50 of 55 products')).toBeVisible();
  // Header row + 50 product rows.
  await expect(table.getByRole('row')).toHaveCount(51);

  const trail = productRow(page, 'Trail Runner');
  await expect(trail.getByText('3 variants')).toBeVisible();
  await expect(trail.getByText('Missing SKUs')).toBeVisible();
  // 12 in all, and one variant at or under the organisation's low-stock threshold (5).
  await expect(trail.getByRole('cell', { name: '12 Low stock', exact: true })).toBeVisible();
  await expect(trail.getByRole('img', { name: 'Shopify' })).toBeVisible();
  await expect(trail.getByRole('img', { name: 'eBay' })).toBeVisible();
  await expect(trail.getByText('Not synced')).toBeVisible();

  const tote = productRow(page, 'Canvas Tote');
  await expect(tote.getByText('2 variants')).toBeVisible();
  await expect(tote.getByText('Missing SKUs')).toHaveCount(0);
  await expect(productRow(page, 'Beeswax Candle').getByText('NO SKUs')).toBeVisible();
  await expect(productRow(page, 'Filler Mug 001').getByText('MUG-001')).toBeVisible();
  // Single-variant products have no expander.
  await expect(page.getByRole('button', { name: 'Show variants of Beeswax Candle' })).toHaveCount(
    0,
  );

  // Expand: the variants are fetched and listed under the row.
  await page.getByRole('button', { name: 'Show variants of Trail Runner' }).click();
  const variants = page.getByRole('table', { name: 'Variants of Trail Runner' });
  await expect(variants.getByRole('row')).toHaveCount(4);
  await expect(variants.getByRole('row', { name: /EU 40 TRAIL-40 4/ })).toBeVisible();
  await expect(variants.getByRole('row', { name: /EU 42 No SKU 2/ })).toBeVisible();
  await page.getByRole('button', { name: 'Hide variants of Trail Runner' }).click();
  await expect(variants).toHaveCount(0);

  // Page 2 holds the last 5 products; the page lives in the URL.
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page).toHaveURL(/[?&]page=2/);
  await expect(page.getByText('51–55 of 55 products')).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(6);
  const lastTitle = seededProducts.at(-1)!.title;
  await expect(page.getByRole('link', { name: lastTitle })).toBeVisible();
  await page.getByRole('button', { name: 'Previous page' }).click();
  await expect(page.getByText('1–50 of 55 products')).toBeVisible();

  // Export CSV: one line per variant (55 products, 58 variants) plus the header.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const csv = fs
    .readFileSync(await download.path(), 'utf8')
    .trim()
    .split(/\r?\n/);
  expect(csv).toHaveLength(59);
  expect(csv.some((line) => line.includes('TRAIL-40'))).toBe(true);

  // A smaller page size from the URL, and a search.
  await page.goto(`${orgPath}/inventory?page=2&pageSize=10`);
  await expect(page.getByText('11–20 of 55 products')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search products by title or SKU' }).fill('tote');
  await expect(page.getByText('1–1 of 1 products')).toBeVisible();
  await expect(page).toHaveURL(/search=tote/);
  await expect(page.getByRole('link', { name: 'Canvas Tote' })).toBeVisible();
});

test('inventory: select all on a page, toggle sync, generate SKUs', async ({ page, request }) => {
  const { orgPath } = await signInWithCatalogue(page, request);
  await page.goto(`${orgPath}/inventory?pageSize=10`);
  await expect(page.getByText('1–10 of 55 products')).toBeVisible();

  const selectAll = page.getByRole('checkbox', { name: 'Select all rows on this page' });
  await expect(selectAll).toHaveAttribute('aria-checked', 'false');
  await page.getByRole('checkbox', { name: 'Select Trail Runner' }).click();
  await expect(selectAll).toHaveAttribute('aria-checked', 'mixed');
  await selectAll.click();
  await expect(selectAll).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByText('10 selected', { exact: true })).toBeVisible();
  // The whole list can be selected from a fully selected page.
  await page.getByRole('button', { name: 'Select all 55 products' }).click();
  await expect(page.getByText('All 55 selected', { exact: true })).toBeVisible();
  await page.getByRole('checkbox', { name: 'Select Filler Mug 001' }).click();
  await expect(page.getByText('9 selected', { exact: true })).toBeVisible();
  await expect(selectAll).toHaveAttribute('aria-checked', 'mixed');
  await selectAll.click();
  await expect(selectAll).toHaveAttribute('aria-checked', 'true');
  await selectAll.click();
  await expect(selectAll).toHaveAttribute('aria-checked', 'false');

  // Toggle sync on two products: optimistic, confirmed by the server, kept after a reload.
  await page.getByRole('checkbox', { name: 'Select Trail Runner' }).click();
  await page.getByRole('checkbox', { name: 'Select Canvas Tote' }).click();
  await page.getByRole('button', { name: 'Toggle sync' }).click();
  // Turning sync on shows what will change on the channels first (e2e/tests/sync.spec.ts).
  await page
    .getByRole('dialog', { name: /^Turn sync on for/ })
    .getByRole('button', { name: 'Turn sync on' })
    .click();
  await expect(page.getByText('Updated product sync state')).toBeVisible();
  await expect(productRow(page, 'Trail Runner').getByText('Synced', { exact: true })).toBeVisible();
  await expect(productRow(page, 'Canvas Tote').getByText('Synced', { exact: true })).toBeVisible();
  await expect(productRow(page, 'Beeswax Candle').getByText('Not synced')).toBeVisible();
  await page.reload();
  await expect(productRow(page, 'Trail Runner').getByText('Synced', { exact: true })).toBeVisible();

  // A failed toggle is rolled back. The checkbox is operated from the keyboard.
  await page.route('**/v1/products/sync', (route) =>
    route.fulfill({ status: 500, json: { error: 'Sync is down' } }),
  );
  await page.getByRole('checkbox', { name: 'Select Beeswax Candle' }).focus();
  await page.keyboard.press('Space');
  await expect(page.getByText('1 selected', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Toggle sync' }).click();
  await page
    .getByRole('dialog', { name: /^Turn sync on for/ })
    .getByRole('button', { name: 'Turn sync on' })
    .click();
  await expect(page.getByText('Failed to update product sync state')).toBeVisible();
  await expect(productRow(page, 'Beeswax Candle').getByText('Not synced')).toBeVisible();
  await page.unroute('**/v1/products/sync');
  await page.getByRole('button', { name: 'Clear selection' }).click();

  // Filter on synced state (URL state).
  await page.getByLabel('Sync state').selectOption('true');
  await expect(page.getByText('1–2 of 2 products')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page.getByText('1–10 of 55 products')).toBeVisible();

  // Generate SKUs for the products missing one.
  await page.getByRole('checkbox', { name: 'Select Beeswax Candle' }).click();
  await page.getByRole('checkbox', { name: 'Select Trail Runner' }).click();
  await page.getByRole('button', { name: 'Generate SKUs' }).click();
  await expect(page.getByText('Generated new skus')).toBeVisible();
  await expect(page.getByText('2 generated.')).toBeVisible();
  // The new SKUs are offered to the channels; eBay's listing key cannot change, so it is not sent.
  const writeback = page.getByRole('dialog', { name: 'Send SKUs to the channels' });
  await expect(writeback.getByText('1 of 2 listings will get their SKU.')).toBeVisible();
  await expect(writeback.getByRole('button', { name: 'Send 1 SKU', exact: true })).toBeVisible();
  // Escape: the toasts above may cover the dialog's buttons.
  await page.keyboard.press('Escape');
  await expect(writeback).toHaveCount(0);
  const candle = productRow(page, 'Beeswax Candle');
  await expect(candle.getByText('NO SKUs')).toHaveCount(0);
  await expect(candle.getByRole('cell').nth(3)).toHaveText(/^[A-Z0-9-]{3,}$/);
  await expect(productRow(page, 'Trail Runner').getByText('Missing SKUs')).toHaveCount(0);
});

test('product detail: prices and inline cost editing', async ({ page, request }) => {
  const { orgPath, seeded } = await signInWithCatalogue(page, request);
  await page.goto(`${orgPath}/inventory`);
  await page.getByRole('link', { name: 'Trail Runner' }).click();
  await expect(page).toHaveURL(`${orgPath}/products/${seeded.productIds['Trail Runner']}`);
  await expect(page.getByRole('heading', { name: 'Trail Runner' })).toBeVisible();

  const variants = page.getByRole('table', { name: 'Variants' });
  await expect(variants.getByRole('row')).toHaveCount(4);
  // The organisation's currency (GBP) in the en-US format.
  await expect(variants.getByText('£89.00')).toHaveCount(3);
  const first = variants.getByRole('row', { name: /EU 40/ });
  await expect(first.getByRole('img', { name: 'Shopify' })).toBeVisible();
  await expect(first.getByRole('img', { name: 'eBay' })).toBeVisible();

  const cost = page.getByLabel('Cost of EU 41');
  await expect(cost).toHaveValue('0.00');
  await cost.fill('12.5');
  await cost.blur();
  await expect(page.getByText('Update cost price')).toBeVisible();
  await expect(cost).toHaveValue('12.50');

  // An unchanged value is not sent again.
  await cost.fill('12.50');
  await cost.blur();
  await page.waitForTimeout(300);
  await expect(page.getByText('Update cost price')).toHaveCount(1);

  await cost.fill('3.999');
  await cost.blur();
  await expect(page.getByText('Price must be a valid amount (max 2 decimal places)')).toBeVisible();
  await expect(cost).toHaveValue('12.50');
  await cost.fill('-4');
  await cost.blur();
  await expect(page.getByText('Price must be greater than or equal to 0')).toBeVisible();

  // Empty becomes 0.
  const saved = page.getByLabel('Cost of EU 40');
  await expect(saved).toHaveValue('41.20');
  await saved.fill('');
  await saved.blur();
  await expect(saved).toHaveValue('0.00');

  await page.reload();
  await expect(page.getByLabel('Cost of EU 41')).toHaveValue('12.50');
  await expect(page.getByLabel('Cost of EU 40')).toHaveValue('0.00');

  await page.goto(`${orgPath}/products/00000000-0000-4000-8000-000000000000`);
  await expect(page.getByRole('heading', { name: 'Not Found' })).toBeVisible();
});

test('an organisation without products or activity shows honest empty states', async ({
  page,
  request,
}) => {
  const { orgPath } = await signInWithCatalogue(page, request, { seed: false });
  await page.goto(`${orgPath}/inventory`);
  await expect(page.getByRole('heading', { name: 'No products yet' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Connect a sales channel' })).toBeVisible();
  await page.goto(`${orgPath}/activity`);
  await expect(page.getByRole('heading', { name: 'No activity yet' })).toBeVisible();
});

test('activity: delete one entry, then several', async ({ page, request }) => {
  const { orgPath } = await signInWithCatalogue(page, request);
  await page.goto(`${orgPath}/activity`);
  const table = page.getByRole('table', { name: 'Activity' });
  await expect(table.getByRole('row')).toHaveCount(5);
  await expect(table.getByRole('row', { name: /Inventory sync/ }).getByText('Error')).toBeVisible();

  await page.getByRole('button', { name: 'Actions for Inventory sync' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await expect(page.getByText('Deleted activity')).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(4);
  await expect(table.getByText('Inventory sync')).toHaveCount(0);

  const selectAll = page.getByRole('checkbox', { name: 'Select all rows on this page' });
  await page.getByRole('checkbox', { name: 'Select Imported products' }).click();
  await expect(selectAll).toHaveAttribute('aria-checked', 'mixed');
  await page.getByRole('checkbox', { name: 'Select SKU generation' }).click();
  await page.getByRole('button', { name: 'Delete selected' }).click();
  await expect(page.getByText('Deleted activity').first()).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByText('Import from eBay')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('table', { name: 'Activity' }).getByRole('row')).toHaveCount(2);
});

test('SKU generator: validation, live preview, save', async ({ page, request }) => {
  const { orgPath } = await signInWithCatalogue(page, request);
  await page.goto(`${orgPath}/settings/sku-generator`);
  const examples = page.getByRole('list', { name: 'Example SKUs' });
  await expect(examples.getByRole('listitem')).not.toHaveCount(0);

  const prefix = page.getByLabel('Prefix');
  await prefix.fill('ABCDE');
  await expect(page.getByText('Prefix cannot be longer than 4 characters')).toBeVisible();
  await prefix.fill('AB!');
  await expect(page.getByText('Only alphanumeric characters allowed')).toBeVisible();
  await expect(page.getByText('Fix the highlighted fields to see examples.')).toBeVisible();

  await prefix.fill('SHOE');
  await page.getByLabel('Delimiter').selectOption({ label: 'None' });
  await page.getByLabel('Generation strategy').selectOption('TEMPLATE');
  const template = page.getByLabel('Template');
  await expect(page.getByText(/\{TITLE:n\}/)).toBeVisible();
  await template.fill('{PREFIX}{TITLE:3}{SEQ:3}');
  await expect(
    page.getByText('skuTemplate can produce 10 characters, more than skuLength (8)'),
  ).toBeVisible();
  await template.fill('{TITLE:3}{SEQ:3}');
  // The preview follows the unsaved settings: prefix, title code, sequence, no delimiter.
  await expect(examples.getByText(/^SHOECLA\d{3}$/).first()).toBeVisible();

  await page.getByRole('switch', { name: 'Create SKUs automatically' }).click();
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('SKU settings saved')).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Prefix')).toHaveValue('SHOE');
  await expect(page.getByLabel('Template')).toHaveValue('{TITLE:3}{SEQ:3}');
  await expect(page.getByRole('switch', { name: 'Create SKUs automatically' })).toHaveAttribute(
    'aria-checked',
    'true',
  );
});
