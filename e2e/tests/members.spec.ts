import { seedCatalogue } from '../support/catalogue-seed';
import {
  createUser,
  expect,
  fillCodeAndVerify,
  readCode,
  readMail,
  signInWithStorage,
  test,
  uniqueEmail,
  uniqueOrgName,
} from '../support/fixtures';

/*
 * Issue 24: an owner invites an address; the invitee reads the mail from the SMTP capture, signs up
 * from its link and lands in the organisation as a member, who cannot open Billing or connect an
 * account; the member's cost change shows in the owner's activity under the member's e-mail.
 */
test('an invited member signs up from the mail and works under their own name', async ({
  page,
  browser,
  request,
}) => {
  // Two browsers, two sign-ups and several screens: longer than one journey on a busy machine.
  test.setTimeout(150_000);
  const orgName = uniqueOrgName('Team Shop');
  const owner = await createUser(request, { label: 'owner', orgName });
  const org = owner.user.orgs[0]!;
  const { productIds } = await seedCatalogue(org.id, owner.user.id);
  const orgPath = `/${encodeURIComponent(orgName)}`;

  // The owner invites a new address from Settings → Members.
  await signInWithStorage(page, owner);
  await page.goto(`${orgPath}/settings/members`);
  const invitee = uniqueEmail('invitee');
  await page.getByLabel('Email').fill(invitee);
  await page.getByLabel('Role', { exact: true }).selectOption('member');
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByRole('list', { name: 'Pending invitations' })).toContainText(invitee);

  // The invitee opens the mailed link in their own browser and signs up from it.
  const mail = await readMail(invitee, '/invitations/accept?token=');
  expect(mail.subject).toBe(`Join ${orgName} on StockSync`);
  const link = /https?:\/\/\S+\/invitations\/accept\?token=[\w-]+/.exec(mail.text)![0];
  const memberContext = await browser.newContext({ baseURL: new URL(page.url()).origin });
  const member = await memberContext.newPage();
  await member.goto(new URL(link).pathname + new URL(link).search);
  await expect(member.getByRole('heading', { name: `Join ${orgName}` })).toBeVisible();
  await member.getByRole('link', { name: `Create an account with ${invitee}` }).click();
  await member.getByLabel('Email').fill(invitee);
  await member.getByRole('button', { name: 'Create account' }).click();
  await fillCodeAndVerify(member, await readCode(invitee));
  await expect(member).toHaveURL(`${orgPath}/dashboard`);

  // A member: the account menu says who and what; Billing and connecting accounts are closed.
  await member.getByRole('button', { name: `Account: ${invitee}` }).click();
  await expect(member.getByRole('menu')).toContainText('Role here: member');
  await member.keyboard.press('Escape');
  await member.goto(`${orgPath}/settings/members`);
  await expect(member.getByText('Billing', { exact: true })).toHaveAttribute(
    'aria-disabled',
    'true',
  );
  await member.goto(`${orgPath}/settings/billing`);
  await expect(member.getByRole('alert')).toContainText('only admins and the owner can do this');
  await member.goto(`${orgPath}/integrations`);
  await expect(member.getByRole('button', { name: 'Connect Shopify' })).toBeDisabled();
  await expect(member.getByText('Only admins and the owner can do this').first()).toBeVisible();

  // The member changes a cost price (through the API with their own session).
  const productId = Object.values(productIds)[0]!;
  const changed = await member.evaluate(
    async ({ productId, orgId }) => {
      const headers = {
        authorization: `Bearer ${localStorage.getItem('access_token')}`,
        'x-organization-id': orgId,
        'content-type': 'application/json',
      };
      const product = await (await fetch(`/v1/products/${productId}`, { headers })).json();
      const variantId = (product as { variants: { id: string }[] }).variants[0]!.id;
      const response = await fetch('/v1/variants/cost', {
        method: 'POST',
        headers,
        body: JSON.stringify({ variant_id: variantId, cost: 7.25 }),
      });
      return response.status;
    },
    { productId, orgId: org.id },
  );
  expect(changed).toBe(200);
  await memberContext.close();

  // The owner's activity shows the change under the member's e-mail, and filters by member.
  await page.goto(`${orgPath}/activity`);
  const row = page.getByRole('row').filter({ hasText: 'Cost price updated' });
  await expect(row).toContainText(invitee);
  await page.getByLabel('Member').selectOption({ label: invitee });
  await expect(page.getByRole('row').filter({ hasText: 'Cost price updated' })).toHaveCount(1);
  await expect(page.getByRole('row').filter({ hasText: 'Imported products' })).toHaveCount(0);
});
