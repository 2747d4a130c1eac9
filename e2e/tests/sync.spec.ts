import type { APIRequestContext, Page } from '@playwright/test';
import { seedCatalogue } from '../support/catalogue-seed';
import {
  accounts,
  connectShopify,
  expectImportFinished,
  importAfterPreview,
} from '../support/channels';
import {
  createUser,
  expect,
  signInWithNewOrganization,
  test,
  uniqueOrgName,
  type TestUser,
} from '../support/fixtures';

// Stock sync from the seller's side: the master quantity edited on the product page, its stock
// history, the listings' channel quantities, the preview shown before sync turns on, and a stock
// check on demand. Sign-in codes are rate limited per run, so the tests share one user, who gets
// a new organisation per test through the API.

let sharedUser: TestUser | undefined;

async function signInWithNewOrg(page: Page, request: APIRequestContext) {
  sharedUser ??= await createUser(request, { label: 'sync', orgName: uniqueOrgName('Sync') });
  const user = sharedUser;
  return { user, ...(await signInWithNewOrganization(page, request, user, 'Stock')) };
}

function historyRows(page: Page) {
  return page
    .getByRole('table', { name: 'Stock history' })
    .getByRole('row')
    .filter({ has: page.getByRole('cell') });
}

test('product page: quantity edited inline, with its stock history and listings', async ({
  page,
  request,
}) => {
  const { user, org, orgPath } = await signInWithNewOrg(page, request);
  const { productIds } = await seedCatalogue(org.id, user.user.id);
  await page.goto(`${orgPath}/products/${productIds['Trail Runner']}`);
  await expect(page.getByRole('heading', { name: 'Trail Runner' })).toBeVisible();
  await expect(page.getByText('No quantity changes yet.')).toBeVisible();

  // The seeded listings: each variant on both accounts, never read from the channels.
  const listings = page.getByRole('table', { name: 'Channel listings' });
  await expect(listings.getByRole('row').filter({ has: page.getByRole('cell') })).toHaveCount(6);
  const shopifyListing = listings.getByRole('row', { name: /^EU 41 .*main-store/ });
  await expect(shopifyListing.getByRole('img', { name: 'Shopify' })).toBeVisible();
  await expect(shopifyListing.getByText('Never confirmed')).toBeVisible();
  await expect(page.getByText('Sync is off for this product')).toBeVisible();

  // A valid edit: sent on blur, toasted, recorded as a manual edit by this user.
  const qty = page.getByLabel('Quantity of EU 41', { exact: true });
  await expect(qty).toHaveValue('6');
  await qty.fill('9');
  await qty.blur();
  await expect(page.getByText('Updated quantity')).toBeVisible();
  await expect(qty).toHaveValue('9');
  await expect(historyRows(page)).toHaveCount(1);
  const first = historyRows(page).first();
  await expect(first).toContainText('EU 41');
  await expect(first).toContainText('TRAIL-41');
  await expect(first.getByRole('cell', { name: '+3', exact: true })).toBeVisible();
  await expect(first.getByRole('cell', { name: '6 → 9', exact: true })).toBeVisible();
  await expect(first.getByRole('cell', { name: `Manual edit by ${user.email}` })).toBeVisible();
  // The header sums the variants (4 + 9 + 2).
  await expect(page.getByText('3 variants · 15 available')).toBeVisible();

  // Invalid values: the API's messages, and the saved value again.
  await qty.fill('2.5');
  await qty.blur();
  await expect(page.getByText('Quantity must be a whole number')).toBeVisible();
  await expect(qty).toHaveValue('9');
  await qty.fill('-1');
  await qty.press('Enter');
  await expect(page.getByText('Quantity must be greater than or equal to 0')).toBeVisible();
  await expect(qty).toHaveValue('9');

  // The server's own refusal is shown as it words it.
  await page.route('**/v1/variants/quantity', (route) =>
    route.fulfill({ status: 400, json: { error: 'Quantity is locked', field: 'quantity' } }),
  );
  await qty.fill('11');
  await qty.press('Enter');
  await expect(page.getByText('Quantity is locked')).toBeVisible();
  await expect(qty).toHaveValue('9');
  await page.unroute('**/v1/variants/quantity');

  // Escape returns to the saved value; nothing is sent.
  await qty.fill('40');
  await qty.press('Escape');
  await expect(qty).toHaveValue('9');
  await qty.blur();

  // Enter submits; the newest change comes first; a decrease is negative.
  const eu40 = page.getByLabel('Quantity of EU 40', { exact: true });
  await eu40.fill('2');
  await eu40.press('Enter');
  await expect(historyRows(page)).toHaveCount(2);
  await expect(
    historyRows(page).first().getByRole('cell', { name: '-2', exact: true }),
  ).toBeVisible();
  await expect(historyRows(page).first()).toContainText('4 → 2');
  await expect(page.getByText('1–2 of 2 changes')).toBeVisible();

  // Ten more changes of EU 42 (2 → 12): the history pages, newest first.
  const eu42 = page.getByLabel('Quantity of EU 42', { exact: true });
  for (let value = 3; value <= 12; value += 1) {
    await eu42.fill(String(value));
    await eu42.press('Enter');
    await expect(historyRows(page).first()).toContainText(`${value - 1} → ${value}`);
  }
  await expect(page.getByText('1–10 of 12 changes')).toBeVisible();
  await expect(historyRows(page)).toHaveCount(10);
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page.getByText('11–12 of 12 changes')).toBeVisible();
  await expect(historyRows(page)).toHaveCount(2);
  await expect(historyRows(page).last()).toContainText('6 → 9');

  await page.reload();
  await expect(page.getByLabel('Quantity of EU 41', { exact: true })).toHaveValue('9');
  await expect(page.getByLabel('Quantity of EU 40', { exact: true })).toHaveValue('2');
  await expect(page.getByLabel('Quantity of EU 42', { exact: true })).toHaveValue('12');
  await expect(page.getByText('1–10 of 12 changes')).toBeVisible();

  // The inventory list shows the new total (2 + 9 + 12).
  await page.goto(`${orgPath}/inventory`);
  const trail = page
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: 'Trail Runner', exact: true }) });
  await expect(trail.getByRole('cell', { name: /^23( Low stock)?$/ })).toBeVisible();
});

test('turning sync on previews the channel changes, then aligns the channels; stock check', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { user, orgPath } = await signInWithNewOrg(page, request);
  await page.goto(`${orgPath}/dashboard`);
  await connectShopify(page, orgPath);

  // Import one product from the sandbox store.
  await accounts(page)
    .first()
    .getByRole('link', { name: /^Import products from / })
    .click();
  const remote = page.getByRole('table', { name: 'Products to import' });
  const box = remote
    .getByRole('row')
    .filter({ has: page.getByRole('cell') })
    .first()
    .getByRole('checkbox');
  const title = (await box.getAttribute('aria-label'))!.replace(/^Select /, '');
  await box.check();
  await importAfterPreview(page, 'Import selected (1)');
  await expectImportFinished(page, 1);
  await remote.getByRole('link', { name: title, exact: true }).click();
  await expect(page.getByRole('heading', { name: title })).toBeVisible();

  // The listing of the first variant on the Shopify account.
  const listings = page.getByRole('table', { name: 'Channel listings' });
  const listing = listings
    .getByRole('row')
    .filter({ has: page.getByRole('cell') })
    .first();
  await expect(listing.getByRole('img', { name: 'Shopify' })).toBeVisible();
  const qty = page.getByLabel(/^Quantity of /).first();
  const before = Number(await qty.inputValue());
  const target = before + 5;

  // Sync is off for the product: the new master quantity is not pushed yet.
  await qty.fill(String(target));
  await qty.press('Enter');
  await expect(page.getByText('Updated quantity')).toBeVisible();
  await expect(historyRows(page).first()).toContainText(`${before} → ${target}`);
  await expect(listing.getByText('Pending')).toHaveCount(0);

  // Turning sync on shows what will change; Cancel changes nothing.
  await page.goto(`${orgPath}/inventory`);
  const row = page
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: title, exact: true }) });
  await page.getByRole('checkbox', { name: `Select ${title}` }).check();
  await page.getByRole('button', { name: 'Toggle sync' }).click();
  let dialog = page.getByRole('dialog', { name: /^Turn sync on for/ });
  const changes = dialog.getByRole('table', { name: 'Quantity changes' });
  await expect(
    changes.getByRole('row', { name: new RegExp(`→ ${target}$`) }).first(),
  ).toBeVisible();
  await expect(changes.getByRole('img', { name: 'Shopify' }).first()).toBeVisible();
  await expect(
    dialog.getByText(/\d+ listings? will change; \d+ listings? (is|are) already equal/),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(row.getByText('Not synced')).toBeVisible();

  // Confirm: sync turns on and the channel is set to the master.
  await page.getByRole('button', { name: 'Toggle sync' }).click();
  dialog = page.getByRole('dialog', { name: /^Turn sync on for/ });
  await expect(dialog.getByRole('table', { name: 'Quantity changes' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Turn sync on' }).click();
  await expect(page.getByText('Updated product sync state')).toBeVisible();
  await expect(row.getByText('Synced', { exact: true })).toBeVisible();

  // The product page follows the push until Shopify confirms the new quantity.
  await row.getByRole('link', { name: title, exact: true }).click();
  await expect(listing.getByRole('cell', { name: String(target), exact: true })).toBeVisible({
    timeout: 30_000,
  });
  await expect(listing.getByText('Pending')).toHaveCount(0, { timeout: 30_000 });
  await expect(listing.getByText(/^confirmed (just now|\d+ min ago)$/)).toBeVisible();
  await expect(listing.locator('time')).toHaveAttribute('title', /\d{4}/);

  // An edit while synced is pushed too.
  await qty.fill(String(target - 2));
  await qty.press('Enter');
  await expect(page.getByText('Updated quantity')).toBeVisible();
  await expect(listing.getByRole('cell', { name: String(target - 2), exact: true })).toBeVisible({
    timeout: 30_000,
  });
  await expect(historyRows(page).first()).toContainText(`Manual edit by ${user.email}`);

  // Turning sync off is offered for a synced product, and needs no preview.
  await page.goto(`${orgPath}/inventory`);
  await page.getByRole('checkbox', { name: `Select ${title}` }).check();
  await page.getByRole('button', { name: 'Toggle sync' }).click();
  dialog = page.getByRole('dialog', { name: 'Turn sync off for 1 product?' });
  await expect(dialog.getByRole('table', { name: 'Quantity changes' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Turn sync off' }).click();
  await expect(page.getByText('Updated product sync state')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(row.getByText('Not synced')).toBeVisible();

  // A stock check of the account on demand.
  await page.goto(`${orgPath}/integrations`);
  await accounts(page)
    .first()
    .getByRole('link', { name: /^Account details of / })
    .click();
  await page.getByRole('button', { name: 'Check stock now' }).click();
  await expect(page.getByText('Stock check started')).toBeVisible();
});
