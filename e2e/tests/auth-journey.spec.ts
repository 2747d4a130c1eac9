import {
  expect,
  fillCodeAndVerify,
  readCode,
  test,
  uniqueEmail,
  uniqueOrgName,
} from '../support/fixtures';

test('a new user signs up, verifies, onboards, logs out and logs in again', async ({ page }) => {
  const email = uniqueEmail('journey');
  const orgName = uniqueOrgName('Journey Goods');

  await page.goto('/');
  await expect(page).toHaveURL(/\/auth\/login$/);
  await page.getByRole('link', { name: 'Create an account' }).click();
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();

  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/auth\/verify$/);
  await expect(page.getByText(email)).toBeVisible();

  await fillCodeAndVerify(page, await readCode(email));
  await expect(page).toHaveURL(/\/onboard$/);

  // Onboarding validates the name length before calling the server.
  await page.getByLabel('Organisation name').fill('ab');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Organisation name must be at least 3 characters')).toBeVisible();

  await page.getByLabel('Organisation name').fill(orgName);
  await page.getByLabel('Currency').selectOption('EUR');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(`/${encodeURIComponent(orgName)}/dashboard`);
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();

  const stored = await page.evaluate(() => ({
    token: localStorage.getItem('access_token'),
    account: JSON.parse(localStorage.getItem('account') ?? 'null') as {
      orgs: { id: string; name: string; currency: string }[];
    },
    currentOrg: localStorage.getItem('current_org'),
  }));
  expect(stored.token).toBeTruthy();
  expect(stored.account.orgs[0]).toMatchObject({ name: orgName, currency: 'EUR' });
  expect(stored.currentOrg).toBe(stored.account.orgs[0]!.id);

  // Onboarding is done, so /onboard and the auth screens send the user to the dashboard.
  await page.goto('/onboard');
  await expect(page).toHaveURL(`/${encodeURIComponent(orgName)}/dashboard`);
  await page.goto('/auth/login');
  await expect(page).toHaveURL(`/${encodeURIComponent(orgName)}/dashboard`);

  // The account menu names who is signed in and logs out.
  await page.getByRole('button', { name: /^Account: / }).click();
  await expect(page.getByRole('menu')).toContainText('Signed in as');
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  const cleared = await page.evaluate(() =>
    ['access_token', 'account', 'current_org'].map((key) => localStorage.getItem(key)),
  );
  expect(cleared).toEqual([null, null, null]);

  // Signed out, organisation screens send the user to sign-in, and signing in lands back there.
  await page.goto(`/${encodeURIComponent(orgName)}/inventory`);
  await expect(page).toHaveURL(/\/auth\/login\?redirect=[^&]*inventory/);

  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send sign-in code' }).click();
  await expect(page).toHaveURL(/\/auth\/verify$/);
  await fillCodeAndVerify(page, await readCode(email));
  await expect(page).toHaveURL(new RegExp(`/${encodeURIComponent(orgName)}/inventory`));
  await expect(page.getByRole('heading', { level: 1, name: 'Inventory' })).toBeVisible();
});

test('a wrong code shows the error; a new code can be requested', async ({ page }) => {
  const email = uniqueEmail('wrong-code');
  await page.goto('/auth/login');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send sign-in code' }).click();
  await expect(page).toHaveURL(/\/auth\/verify$/);

  const code = await readCode(email);
  const wrong = code === '000000' ? '111111' : '000000';
  await fillCodeAndVerify(page, wrong);
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid code' })).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/verify$/);
  expect(await page.evaluate(() => localStorage.getItem('access_token'))).toBeNull();

  // A new code can be requested from the verify screen, and it works.
  await page.getByRole('button', { name: 'Send a new code' }).click();
  await expect(page.getByText(`A new code is on its way to ${email}`)).toBeVisible();
  await fillCodeAndVerify(page, await readCode(email));
  await expect(page).toHaveURL(/\/onboard$/);
});
