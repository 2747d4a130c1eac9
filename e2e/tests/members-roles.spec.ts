import { connectShopify } from '../support/channels';
import {
  createUser,
  expect,
  readMail,
  signInWithNewOrganization,
  signInWithStorage,
  test,
  uniqueOrgName,
  type TestUser,
} from '../support/fixtures';
import { importSandboxProduct, orgApi } from '../support/sandbox-product';

/*
 * Issue 24: a viewer sees the product page and the import screen with every change disabled and
 * the role it needs said. Made a member by the owner meanwhile, the open screen follows without a
 * reload; removed, they are told they no longer have access and taken to their own organisation.
 */

// The contract's reason for a control that needs the member role (roleMessages.disabled).
const VIEWER_REASON = 'Viewers can only look: this needs the member role or higher';

test('a viewer sees every change disabled with the reason, and follows a new role and removal at once', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(150_000);
  const owner = await createUser(request, { label: 'owner', orgName: uniqueOrgName('Owner') });
  const { org, orgName, orgPath } = await signInWithNewOrganization(page, request, owner, 'Viewed');
  await page.goto(`${orgPath}/dashboard`);
  await connectShopify(page, orgPath);
  const api = orgApi(request, owner.accessToken, org.id);
  const product = await importSandboxProduct(api, 0);
  const { platforms } = (await api('GET', '/v1/platforms')) as { platforms: { alias: string }[] };

  // A viewer joins through the mailed invitation (accepted with the API) and opens the app.
  const viewer = await createUser(request, { label: 'viewer', orgName: uniqueOrgName('Own') });
  await api('POST', `/v1/organizations/${org.id}/invitations`, {
    email: viewer.email,
    role: 'viewer',
  });
  const mail = await readMail(viewer.email, '/invitations/accept?token=');
  const token = /token=([\w-]+)/.exec(mail.text)![1]!;
  const asViewer = { Authorization: `Bearer ${viewer.accessToken}` };
  const accepted = await request.post('/v1/invitations/accept', {
    data: { token },
    headers: asViewer,
  });
  expect(accepted.ok()).toBe(true);
  const me = (await (
    await request.get('/v1/users/me', { headers: asViewer })
  ).json()) as TestUser['user'];
  const context = await browser.newContext({ baseURL: new URL(page.url()).origin });
  const seen = await context.newPage();
  await signInWithStorage(seen, { ...viewer, user: me });

  // The product page: every value read-only, saying the role it needs.
  await seen.goto(`${orgPath}/products/${product.id}`);
  const variant = product.variants[0]!.title;
  for (const label of [`SKU of ${variant}`, `Quantity of ${variant}`, `Cost of ${variant}`]) {
    const field = seen.getByLabel(label, { exact: true });
    await expect(field).toHaveAttribute('readonly', '');
    await expect(field).toHaveAttribute('title', VIEWER_REASON);
  }
  const send = seen.getByRole('button', { name: 'Send SKUs to channels' });
  await expect(send).toBeDisabled();
  await expect(send).toHaveAttribute('title', VIEWER_REASON);

  // The import screen: the catalogue is there, importing is not.
  const streamOpen = seen.waitForResponse((response) => response.url().endsWith('/v1/events'));
  await seen.goto(`${orgPath}/integrations/shopify/${platforms[0]!.alias}/import`);
  const importAll = seen.getByRole('button', { name: 'Import all' });
  await expect(importAll).toBeDisabled();
  await expect(seen.getByText(VIEWER_REASON)).toBeVisible();
  await streamOpen;

  // The owner makes them a member: the open screen follows without a reload.
  const asOwner = { Authorization: `Bearer ${owner.accessToken}` };
  const memberUrl = `/v1/organizations/${org.id}/members/${me.id}`;
  const promoted = await request.fetch(memberUrl, {
    method: 'PATCH',
    data: { role: 'member' },
    headers: asOwner,
  });
  expect(promoted.status()).toBe(204);
  await expect(seen.getByText(`Your role in ${orgName} is now member`)).toBeVisible();
  await expect(importAll).toBeEnabled();
  await expect(seen.getByText(VIEWER_REASON)).toHaveCount(0);

  // Removed: told so at once, and taken to their own organisation.
  const removed = await request.fetch(memberUrl, { method: 'DELETE', headers: asOwner });
  expect(removed.status()).toBe(204);
  await expect(seen.getByText(`You no longer have access to ${orgName}`)).toBeVisible();
  await expect(seen).toHaveURL(`/${encodeURIComponent(viewer.user.orgs[0]!.name)}/dashboard`);
  await context.close();
});
