import type { Page } from '@playwright/test';
import { seedCatalogue } from '../support/catalogue-seed';
import {
  createUser,
  expect,
  signInWithNewOrganization,
  test,
  uniqueOrgName,
  type TestUser,
} from '../support/fixtures';

// Issue 22 items 4 and 5 in the browser: the list sorted on the server and kept in the URL, and
// "All N selected" turning sync on for every matching product, not only the page's rows. The
// seeded catalogue (support/catalogue-seed.ts): Trail Runner (12 in stock), Canvas Tote (19),
// Beeswax Candle (30) and Filler Mug 001-052 (0-51), none synced.

type Request = Parameters<typeof createUser>[0];
let sharedUser: TestUser | undefined;

async function signInWithCatalogue(page: Page, request: Request) {
  sharedUser ??= await createUser(request, { label: 'sorting', orgName: uniqueOrgName('Sort') });
  const { org, orgPath } = await signInWithNewOrganization(page, request, sharedUser, 'Sorting');
  await seedCatalogue(org.id, sharedUser.user.id);
  return { orgPath };
}

const table = (page: Page) => page.getByRole('table', { name: 'Products' });
const header = (page: Page, name: RegExp) => table(page).getByRole('columnheader', { name });
/** The product titles of the page's rows, top to bottom. */
const titles = (page: Page) => table(page).getByRole('row').getByRole('link').allTextContents();

test('sorting on the server survives a reload and paging', async ({ page, request }) => {
  const { orgPath } = await signInWithCatalogue(page, request);
  await page.goto(`${orgPath}/inventory?pageSize=10`);
  await expect(page.getByText('1–10 of 55 products')).toBeVisible();

  await header(page, /Available Qty/)
    .getByRole('button')
    .click();
  await expect(page).toHaveURL(/[?&]sort=available_qty/);
  await expect(page).toHaveURL(/[?&]order=asc/);
  await expect(header(page, /Available Qty/)).toHaveAttribute('aria-sort', 'ascending');
  await expect
    .poll(() => titles(page))
    .toEqual(Array.from({ length: 10 }, (_, i) => `Filler Mug ${String(i + 1).padStart(3, '0')}`));

  // Descending: the largest quantities first, across the whole list, not this page's rows.
  await header(page, /Available Qty/)
    .getByRole('button')
    .click();
  await expect(page).toHaveURL(/[?&]order=desc/);
  await expect
    .poll(() => titles(page))
    .toEqual([
      'Filler Mug 052',
      'Filler Mug 051',
      'Filler Mug 050',
      'Filler Mug 049',
      'Filler Mug 048',
      'Filler Mug 047',
      'Filler Mug 046',
      'Filler Mug 045',
      'Filler Mug 044',
      'Filler Mug 043',
    ]);

  // Page 3 of that order, then a reload: the same rows, still sorted.
  await page.getByRole('button', { name: 'Next page' }).click();
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page).toHaveURL(/[?&]page=3/);
  await expect(page.getByText('21–30 of 55 products')).toBeVisible();
  await expect.poll(() => titles(page)).toContain('Beeswax Candle');
  const before = await titles(page);
  await page.reload();
  await expect(page.getByText('21–30 of 55 products')).toBeVisible();
  await expect(header(page, /Available Qty/)).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(() => titles(page)).toEqual(before);

  // By title, with the search applied.
  await page.goto(`${orgPath}/inventory?pageSize=10&sort=title&order=desc&search=e`);
  await expect(header(page, /Product/)).toHaveAttribute('aria-sort', 'descending');
  await expect
    .poll(async () => (await titles(page)).slice(0, 2))
    .toEqual(['Trail Runner', 'Filler Mug 052']);
});

test('"All N selected" turns sync on for every matching product, on every page', async ({
  page,
  request,
}) => {
  const { orgPath } = await signInWithCatalogue(page, request);
  await page.goto(`${orgPath}/inventory?pageSize=10&search=Filler`);
  await expect(page.getByText('1–10 of 52 products')).toBeVisible();

  await page.getByRole('checkbox', { name: 'Select all rows on this page' }).click();
  await page.getByRole('button', { name: 'Select all 52 products' }).click();
  await expect(page.getByText('All 52 selected', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Toggle sync' }).click();
  const dialog = page.getByRole('dialog', { name: 'Turn sync on for 52 products?' });
  await expect(dialog).toContainText(
    'Sync turns on for 52 of the 52 products matching these filters, on every page.',
  );
  await dialog.getByRole('button', { name: 'Turn sync on' }).click();
  await expect(page.getByText('Updated product sync state')).toBeVisible();
  await expect(page.getByText('52 products changed.')).toBeVisible();

  // Every filler is synced, the last page's too; the three other products are not.
  await page.goto(`${orgPath}/inventory?pageSize=10&search=Filler&synced=false`);
  await expect(page.getByText('No products match these filters.')).toBeVisible();
  await page.goto(`${orgPath}/inventory?pageSize=10&search=Filler&page=6`);
  await expect(page.getByText('51–52 of 52 products')).toBeVisible();
  await expect(table(page).getByRole('cell', { name: 'Synced', exact: true })).toHaveCount(2);
  await page.goto(`${orgPath}/inventory?pageSize=10&synced=false`);
  await expect(page.getByText('1–3 of 3 products')).toBeVisible();

  // And off again for all of them, chosen in the same dialog.
  await page.goto(`${orgPath}/inventory?pageSize=10&search=Filler`);
  await page.getByRole('checkbox', { name: 'Select all rows on this page' }).click();
  await page.getByRole('button', { name: 'Select all 52 products' }).click();
  await page.getByRole('button', { name: 'Toggle sync' }).click();
  const off = page.getByRole('dialog', { name: 'Turn sync off for 52 products?' });
  await off.getByRole('button', { name: 'Turn sync off' }).click();
  await expect(page.getByText('Updated product sync state')).toBeVisible();
  await page.goto(`${orgPath}/inventory?pageSize=10&synced=true`);
  await expect(page.getByText('No products match these filters.')).toBeVisible();
});
