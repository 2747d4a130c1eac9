import { expect, test } from '../support/fixtures';

test('the theme defaults to dark and the choice survives a reload', async ({ page }) => {
  await page.goto('/auth/login');
  const html = page.locator('html');
  await expect(html).toHaveClass(/\bdark\b/);

  await page.getByRole('button', { name: /^Theme:/ }).click();
  await page.getByRole('menuitemradio', { name: 'Light' }).click();
  await expect(html).not.toHaveClass(/\bdark\b/);
  expect(await page.evaluate(() => localStorage.getItem('stocksync-theme'))).toBe('light');

  await page.reload();
  await expect(html).not.toHaveClass(/\bdark\b/);
  await expect(page.getByRole('button', { name: 'Theme: Light' })).toBeVisible();

  await page.getByRole('button', { name: 'Theme: Light' }).click();
  await page.getByRole('menuitemradio', { name: 'Dark' }).click();
  await page.reload();
  await expect(html).toHaveClass(/\bdark\b/);
});
