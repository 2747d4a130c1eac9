import type { APIRequestContext, Page } from '@playwright/test';
import { connectShopify, expectImportFinished, importAfterPreview } from '../support/channels';
import {
  createUser,
  expect,
  signInWithNewOrganization,
  test,
  uniqueOrgName,
  type TestUser,
} from '../support/fixtures';

// Issue 23: the dashboard a seller opens every morning, and the app at phone width. Sign-in
// codes are rate limited per run, so the tests share one user with a new organisation each.

let sharedUser: TestUser | undefined;

async function signInWithNewOrg(page: Page, request: APIRequestContext, label: string) {
  sharedUser ??= await createUser(request, { label: 'dashboard', orgName: uniqueOrgName('Dash') });
  return {
    user: sharedUser,
    ...(await signInWithNewOrganization(page, request, sharedUser, label)),
  };
}

const checklist = (page: Page) => page.getByRole('region', { name: 'Get set up' });
const card = (page: Page, label: string) =>
  page.getByRole('link', { name: new RegExp(`^${label}: `) });

test('a new seller is guided, imports the sandbox store, sells, and sees the cards, the chart and working links', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const { orgPath } = await signInWithNewOrg(page, request, 'Figures');
  await page.goto(`${orgPath}/dashboard`);

  // Nothing yet: only the checklist, nothing ticked, no empty cards.
  await expect(checklist(page)).toContainText('0 of 4 done');
  await expect(page.getByRole('heading', { name: 'Stock', exact: true })).toHaveCount(0);

  await connectShopify(page, orgPath);
  await expect(checklist(page)).toContainText('1 of 4 done');

  // Import three products of the sandbox store and turn sync on for them.
  await page.goto(`${orgPath}/integrations`);
  await page.getByRole('link', { name: 'Import' }).first().click();
  const rows = page
    .getByRole('table', { name: 'Products to import' })
    .getByRole('row')
    .filter({ has: page.getByRole('cell') });
  const titles: string[] = [];
  for (const n of [6, 7, 8]) {
    const box = rows.nth(n).getByRole('checkbox');
    titles.push((await box.getAttribute('aria-label'))!.replace(/^Select /, ''));
    await box.check();
  }
  await importAfterPreview(page, 'Import selected (3)');
  await expectImportFinished(page, 3);
  const accountUrl = page.url().replace(/\/import$/, '/account');

  await page.goto(`${orgPath}/dashboard`);
  await expect(checklist(page)).toContainText('2 of 4 done');
  await expect(card(page, 'Units in stock')).toBeVisible();

  await page.goto(`${orgPath}/inventory`);
  for (const title of titles) await page.getByRole('checkbox', { name: `Select ${title}` }).check();
  await page.getByRole('button', { name: 'Toggle sync' }).click();
  await page
    .getByRole('dialog', { name: /^Turn sync on for/ })
    .getByRole('button', { name: 'Turn sync on' })
    .click();
  await expect(page.getByText('Updated product sync state')).toBeVisible();

  // Two sales on the sandbox store: stocksync hears of them by webhook.
  await page.goto(accountUrl);
  await expect(page.getByLabel('Product')).toContainText(titles[0]!);
  await page.getByLabel('Units sold').fill('2');
  await page.getByRole('button', { name: 'Simulate a sale' }).click();
  await expect(page.getByText(/^Sold 2 × /)).toBeVisible();
  await page.getByLabel('Units sold').fill('1');
  await page.getByRole('button', { name: 'Simulate a sale' }).click();
  await expect(page.getByText(/^Sold 1 × /)).toBeVisible();

  // The dashboard: both sales counted (reloaded until the sync has applied them), no checklist.
  await page.goto(`${orgPath}/dashboard`);
  await expect(async () => {
    await page.reload();
    await expect(page.getByText(/\(UTC\): 3 units, /)).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 60_000 });
  await expect(checklist(page)).toHaveCount(0);
  for (const label of [
    'Stock value at cost',
    'Stock value at price',
    'Potential margin',
    'Units in stock',
    'Missing SKU',
  ])
    await expect(card(page, label)).toBeVisible();
  await expect(page.getByText('Oversold', { exact: true })).toBeVisible();
  await expect(page.getByText('Low stock', { exact: true })).toBeVisible();
  await expect(page.getByText('Missing cost', { exact: true })).toBeVisible();

  // The chart's figures as a table: today's row holds the three units on the Shopify account.
  await page.getByText('Sales per day as a table').click();
  const perDay = page.getByRole('table', { name: 'Units and revenue per day and channel' });
  const today = new Date().toISOString().slice(0, 10);
  await expect(perDay.getByRole('row', { name: new RegExp(`^${today} `) })).toContainText('3');
  await page.getByText('Channel split as a table').click();
  await expect(
    page
      .getByRole('table', { name: 'Units and revenue by channel' })
      .getByRole('row', { name: /Shopify/ }),
  ).toContainText('3');
  await expect(
    page.getByRole('table', { name: 'Best-selling variants by units' }).getByRole('row'),
  ).not.toHaveCount(1);
  await expect(
    page.getByRole('table', { name: 'Sync state of each connected account' }),
  ).toContainText('Syncing');
  // One channel only: no sale has another channel to reach, so no time is shown as measured.
  await expect(page.getByRole('region', { name: 'From a sale to its last channel' })).toContainText(
    'No synced sale',
  );

  // The range is kept in the URL.
  await page.getByRole('button', { name: '7 days' }).click();
  await expect(page).toHaveURL(/days=7/);
  await expect(page.getByRole('button', { name: '7 days' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.reload();
  await expect(page.getByRole('button', { name: '7 days' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // A card opens the inventory filtered to what it counts, and counts what that list holds.
  const counted = await card(page, 'Missing SKU').locator('span').nth(1).textContent();
  await card(page, 'Missing SKU').click();
  await expect(page).toHaveURL(new RegExp(`${orgPath}/inventory\\?.*missingSku=true`));
  await expect(
    counted === '0'
      ? page.getByText('No products match these filters.')
      : page.getByText(new RegExp(` of ${counted} products$`)),
  ).toBeVisible();
});

test('at phone width (390 px) every screen fits and the menu reaches Integrations and Settings', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const { orgPath } = await signInWithNewOrg(page, request, 'Phone');
  for (const screen of [
    'dashboard',
    'inventory',
    'activity',
    'integrations',
    'settings/organization',
  ]) {
    await page.goto(`${orgPath}/${screen}`);
    // The page's own heading, once its data has loaded (no spinner left).
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('main').getByRole('status', { name: /^Loading/ })).toHaveCount(0);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `${screen} scrolls sideways`).toBeLessThanOrEqual(0);
  }

  await page.goto(`${orgPath}/dashboard`);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav).toBeHidden();
  const menu = page.getByRole('button', { name: 'Menu' });
  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await nav.getByRole('link', { name: 'Integrations' }).click();
  await expect(page).toHaveURL(new RegExp(`${orgPath}/integrations`));
  await expect(nav).toBeHidden();
  await menu.click();
  await nav.getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(new RegExp(`${orgPath}/settings`));
});
