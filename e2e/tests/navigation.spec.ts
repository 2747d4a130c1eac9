import { createUser, expect, signInWithStorage, test, uniqueOrgName } from '../support/fixtures';

test('an unknown path shows Not Found', async ({ page }) => {
  await page.goto('/this/path/does-not-exist');
  await expect(page.getByRole('heading', { name: 'Not Found' })).toBeVisible();
});

test('shortcuts and the settings path redirect into the current organisation', async ({
  page,
  request,
}) => {
  const orgName = uniqueOrgName('Shortcut Shop');
  const user = await createUser(request, { label: 'shortcuts', orgName });
  await signInWithStorage(page, user);
  const org = `/${encodeURIComponent(orgName)}`;

  for (const section of ['inventory', 'dashboard', 'activity', 'settings/billing']) {
    await page.goto(`/${section}`);
    await expect.poll(() => new URL(page.url()).pathname).toBe(`${org}/${section}`);
  }
  await page.goto(`${org}/settings`);
  await expect(page).toHaveURL(`${org}/settings/organization`);
  await page.goto(org);
  await expect(page).toHaveURL(`${org}/dashboard`);

  // The left navigation reaches every section.
  for (const [label, heading] of [
    ['Inventory', 'Inventory'],
    ['Activity', 'Activity'],
    ['Integrations', 'Integrations'],
    ['Settings', 'Settings'],
    ['Dashboard', 'Dashboard'],
  ] as const) {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: label }).click();
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  }

  // Inventory search parameters fall back to page 1 and page size 50 when out of range.
  await page.goto(`${org}/inventory?page=0&pageSize=500`);
  await expect(page).toHaveURL(`${org}/inventory?page=1&pageSize=50`);
  await expect(page.getByText('No products yet — connect a sales channel')).toBeVisible();
  await page.goto(`${org}/inventory?page=3&pageSize=20`);
  await expect(page).toHaveURL(`${org}/inventory?page=3&pageSize=20`);

  // The dashboard accepts only status=success.
  await page.goto(`${org}/dashboard?status=success&message=Subscription%20active`);
  await expect(page.getByRole('status').filter({ hasText: 'Subscription active' })).toBeVisible();
  await page.goto(`${org}/dashboard?status=failed&message=Nope`);
  await expect(page.getByText('Nope')).toHaveCount(0);
});
