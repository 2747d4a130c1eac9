import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';

// These tests answer the API from the browser (page.route), so they need no real account.
const org = {
  id: '00000000-0000-4000-8000-00000000e77e',
  name: 'Error Lab',
  currency: 'USD',
  role: 'owner',
};
const account = {
  id: '00000000-0000-4000-8000-000000000e77',
  email: 'errors@example.com',
  orgs: [org],
};

async function signInLocally(page: Page) {
  // The fake token would get a 401 (and a sign-out) from the real API for any call a test does not
  // answer itself, e.g. the shell's subscription and connections queries: those get a plain 404.
  await page.route('**/v1/**', (route) =>
    route.fulfill({ status: 404, json: { error: 'Not answered by this test' } }),
  );
  await page.goto('/auth/login');
  await page.evaluate((stored) => {
    localStorage.setItem('access_token', 'local-only');
    localStorage.setItem('account', JSON.stringify(stored));
  }, account);
}

test('a failing loader shows the error view with a Show Error / Hide Error toggle', async ({
  page,
}) => {
  await signInLocally(page);
  await page.route('**/v1/organizations', (route) =>
    route.fulfill({ status: 400, json: { error: 'Broken on purpose' } }),
  );
  await page.goto('/Error%20Lab/settings/organization');
  await expect(page.getByRole('heading', { name: 'Something went wrong!' })).toBeVisible();
  await expect(page.getByText('Broken on purpose')).toHaveCount(0);

  await page.getByRole('button', { name: 'Show Error' }).click();
  await expect(page.getByText('Broken on purpose')).toBeVisible();
  await page.getByRole('button', { name: 'Hide Error' }).click();
  await expect(page.getByText('Broken on purpose')).toHaveCount(0);
});

test('a page chunk that fails to load reloads the page once, then shows the error', async ({
  page,
}) => {
  await signInLocally(page);
  await page.route('**/v1/organizations', (route) =>
    route.fulfill({ json: { organizations: [org] } }),
  );
  // The lazily loaded chunk of the organisation settings route never arrives.
  await page.route(/\/assets\/organization-[\w-]+\.js$/, (route) => route.abort());

  let loads = 0;
  page.on('load', () => (loads += 1));
  await page.goto('/Error%20Lab/settings/organization');
  await expect(page.getByRole('heading', { name: 'Something went wrong!' })).toBeVisible();
  expect(loads).toBe(2);

  // The same failure again does not reload a second time.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Something went wrong!' })).toBeVisible();
  expect(loads).toBe(3);
});
