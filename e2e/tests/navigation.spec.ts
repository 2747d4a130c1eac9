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
  await expect(page.getByRole('heading', { level: 1, name: 'Inventory' })).toBeVisible();
  // A valid page size stays; page 3 of an empty inventory is past the end: the last page, 1.
  await page.goto(`${org}/inventory?page=3&pageSize=20`);
  await expect(page).toHaveURL(`${org}/inventory?page=1&pageSize=20`);

  // The dashboard accepts only status=success.
  await page.goto(`${org}/dashboard?status=success&message=Subscription%20active`);
  await expect(page.getByRole('status').filter({ hasText: 'Subscription active' })).toBeVisible();
  await page.goto(`${org}/dashboard?status=failed&message=Nope`);
  await expect(page.getByText('Nope')).toHaveCount(0);
});

test('signed in, the auth screens redirect away except the channel authorisation screens', async ({
  page,
  request,
}) => {
  const orgName = uniqueOrgName('Auth Layout');
  const user = await createUser(request, { label: 'auth-layout', orgName });
  await signInWithStorage(page, user);
  const dashboard = `/${encodeURIComponent(orgName)}/dashboard`;

  for (const path of ['/auth/login', '/auth/signup', '/auth/verify']) {
    await page.goto(path);
    await expect(page).toHaveURL(dashboard);
  }
  await page.goto('/auth/shopify/');
  await expect(page.getByRole('heading', { name: 'Connect Shopify' })).toBeVisible();
  // /auth/tiktok/ starts TikTok Shop's authorisation (see integrations.spec.ts).
  // A callback without a code goes back to the dashboard and says why nothing was connected.
  await page.goto('/auth/ebay/callback');
  await expect(page).toHaveURL(dashboard);
  await expect(page.getByRole('alert').filter({ hasText: 'eBay did not send' })).toBeVisible();
});

test('a rejected token ends the session and goes to sign-in', async ({ page }) => {
  const account = {
    id: '00000000-0000-4000-8000-000000000001',
    email: 'stale@example.com',
    orgs: [
      {
        id: '00000000-0000-4000-8000-000000000002',
        name: 'Stale Org',
        currency: 'USD',
        role: 'owner',
      },
    ],
  };
  await page.goto('/auth/login');
  await page.evaluate((stored) => {
    localStorage.setItem('access_token', 'not-a-valid-token');
    localStorage.setItem('account', JSON.stringify(stored));
    localStorage.setItem('current_org', stored.orgs[0]!.id);
  }, account);

  // The organisation settings loader calls the API, which answers 401.
  await page.goto('/Stale%20Org/settings/organization');
  await expect(page).toHaveURL(/\/auth\/login$/);
  const cleared = await page.evaluate(() =>
    ['access_token', 'account', 'current_org'].map((key) => localStorage.getItem(key)),
  );
  expect(cleared).toEqual([null, null, null]);
});
