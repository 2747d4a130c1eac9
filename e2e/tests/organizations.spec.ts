import { createUser, expect, signInWithStorage, test, uniqueOrgName } from '../support/fixtures';

test("a user cannot see another organisation's data", async ({ page, request }) => {
  const alphaName = uniqueOrgName('Alpha');
  const alpha = await createUser(request, { label: 'alpha', orgName: alphaName });
  const beta = await createUser(request, { label: 'beta', orgName: uniqueOrgName('Beta') });
  const alphaOrg = alpha.user.orgs[0]!;

  await signInWithStorage(page, beta);
  await page.goto(`/${encodeURIComponent(alphaName)}/dashboard`);
  await expect(page.getByRole('heading', { name: 'Not Found' })).toBeVisible();
  await expect(page.getByText(alphaName)).toHaveCount(0);

  const asBeta = { Authorization: `Bearer ${beta.accessToken}` };
  const own = await request.get('/v1/organizations/current', {
    headers: { ...asBeta, 'X-Organization-Id': beta.user.orgs[0]!.id },
  });
  expect(own.status()).toBe(200);
  const foreign = await request.get('/v1/organizations/current', {
    headers: { ...asBeta, 'X-Organization-Id': alphaOrg.id },
  });
  expect(foreign.status()).toBe(404);
  const patch = await request.patch(`/v1/organizations/${alphaOrg.id}`, {
    headers: asBeta,
    data: { organizationName: 'Taken over' },
  });
  expect(patch.status()).toBe(404);
  const list = await request.get('/v1/organizations', { headers: asBeta });
  const { organizations } = (await list.json()) as { organizations: { id: string }[] };
  expect(organizations.map((org) => org.id)).not.toContain(alphaOrg.id);
});

test('renaming the organisation updates the stored account and the URL', async ({
  page,
  request,
}) => {
  const orgName = uniqueOrgName('Rename Me');
  const user = await createUser(request, { label: 'rename', orgName });
  await signInWithStorage(page, user);
  await page.goto(`/${encodeURIComponent(orgName)}/settings/organization`);

  const name = page.getByLabel('Organization name');
  await expect(name).toHaveValue(orgName);
  await name.fill('');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Organization name is required')).toBeVisible();

  const renamed = uniqueOrgName('Renamed');
  await name.fill(renamed);
  await page.getByLabel('Currency').selectOption('USD');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page).toHaveURL(`/${encodeURIComponent(renamed)}/settings/organization`);
  await expect(page.getByText('Organization updated')).toBeVisible();
  const stored = await page.evaluate(
    () => JSON.parse(localStorage.getItem('account') ?? 'null') as { orgs: { name: string }[] },
  );
  expect(stored.orgs[0]).toMatchObject({ name: renamed, currency: 'USD' });
});

test('the switcher creates an organisation and switches between them', async ({
  page,
  request,
}) => {
  const firstName = uniqueOrgName('First Co');
  const user = await createUser(request, { label: 'switcher', orgName: firstName });
  await signInWithStorage(page, user);
  await page.goto('/');
  await expect(page).toHaveURL(`/${encodeURIComponent(firstName)}/dashboard`);

  const secondName = uniqueOrgName('Second Co');
  await page.getByRole('button', { name: `Organisation: ${firstName}` }).click();
  await page.getByRole('menuitem', { name: 'Create organisation' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create organisation' });
  await dialog.getByLabel('Organization name').fill(secondName);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(`/${encodeURIComponent(secondName)}/dashboard`);

  // The new organisation is now the current one, so shortcuts go there.
  await page.goto('/inventory');
  await expect
    .poll(() => new URL(page.url()).pathname)
    .toBe(`/${encodeURIComponent(secondName)}/inventory`);

  await page.getByRole('button', { name: `Organisation: ${secondName}` }).click();
  await page.getByRole('menuitem', { name: firstName }).click();
  // Switching keeps the section shown (issue 20 item 20).
  await expect(page).toHaveURL(new RegExp(`^[^?]*/${encodeURIComponent(firstName)}/inventory`));
  const current = await page.evaluate(() => localStorage.getItem('current_org'));
  expect(current).toBe(user.user.orgs[0]!.id);
});
