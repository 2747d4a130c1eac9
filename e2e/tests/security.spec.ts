import type { Page, Response } from '@playwright/test';
import { createUser, expect, signInWithStorage, test, uniqueOrgName } from '../support/fixtures';

// docs/decisions/0032. The fixture fails any test whose pages report a CSP violation; this file
// visits every main screen on purpose and checks what the first page downloads.

/** Visits `path` and checks the page came with the CSP (the fixture collects violations). */
async function visit(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(200);
  const csp = (await response!.allHeaders())['content-security-policy'] ?? '';
  expect(csp, path).toContain("frame-ancestors 'none'");
  expect(csp, path).toContain("script-src 'self' 'sha256-");
}

test('every main screen and the API reference pass the Content-Security-Policy', async ({
  page,
  request,
}) => {
  for (const path of ['/auth/login', '/auth/signup']) {
    await visit(page, path);
    await expect(page.getByRole('button', { name: /^Theme:/ })).toBeVisible();
  }

  const orgName = uniqueOrgName('CSP Shop');
  const user = await createUser(request, { label: 'csp', orgName });
  await signInWithStorage(page, user);
  const org = `/${encodeURIComponent(orgName)}`;
  for (const path of [
    `${org}/dashboard`,
    `${org}/inventory`,
    `${org}/activity`,
    `${org}/integrations`,
    `${org}/settings/organization`,
    `${org}/settings/sku-generator`,
    `${org}/settings/billing`,
    `${org}/products/00000000-0000-4000-8000-000000000000`,
  ]) {
    await visit(page, path);
    await expect(page.getByRole('main')).toBeVisible();
  }
  await visit(page, '/docs');
  await expect(page.locator('.swagger-ui .info .title')).toContainText('StockSync API');
});

test('the first page arrives compressed, its JavaScript under 250 KB', async ({
  page,
  baseURL,
}) => {
  const responses: Response[] = [];
  page.on('response', (response) => {
    if (response.url().startsWith(baseURL!)) responses.push(response);
  });
  await page.goto('/');
  await expect(page).toHaveURL(/\/auth\/login$/);
  await page.waitForLoadState('networkidle');

  const files = responses.filter((r) =>
    ['document', 'script', 'stylesheet'].includes(r.request().resourceType()),
  );
  const scripts = files.filter((r) => r.request().resourceType() === 'script');
  expect(scripts.length).toBeGreaterThan(0);
  let scriptBytes = 0;
  for (const response of files) {
    const headers = await response.allHeaders();
    const bytes = (await response.request().sizes()).responseBodySize;
    if (response.request().resourceType() === 'script') scriptBytes += bytes;
    // The build leaves files under 1 KB as they are.
    if (bytes >= 1024 || response.request().resourceType() === 'document') {
      expect(headers['content-encoding'], response.url()).toMatch(/^(br|gzip)$/);
    }
    if (new URL(response.url()).pathname.startsWith('/assets/')) {
      expect(headers['cache-control'], response.url()).toBe('public, max-age=31536000, immutable');
    }
  }
  const entry = scripts.find((r) => /\/assets\/index-[^/]+\.js$/.test(r.url()));
  expect((await entry!.allHeaders())['content-encoding']).toMatch(/^(br|gzip)$/);
  // docs/performance-budgets.md: the first page's JavaScript under 250 KB compressed.
  expect(scriptBytes).toBeLessThan(250 * 1024);

  const map = await page.request.get(`${scripts[0]!.url()}.map`);
  expect(map.status()).toBe(404);
});
