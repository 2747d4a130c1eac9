import { signIn, uniqueEmail, type SignedInUser, type TestApp } from '../support/app';

/** The token of the newest invitation link mailed to `email`. */
export function invitationToken(t: TestApp, email: string): string {
  const mails = t.smtp.messages.filter((m) => m.to.includes(email.toLowerCase()));
  const text = mails.at(-1)?.text ?? '';
  const token = /\/invitations\/accept\?token=([A-Za-z0-9_-]{43})/.exec(text)?.[1];
  if (!token) throw new Error(`no invitation link mailed to ${email}`);
  return token;
}

/** Invites an address as `inviter`; answers the API's response. */
export function invite(
  t: TestApp,
  inviter: SignedInUser,
  org: string,
  email: string,
  role: string,
) {
  return t.app.inject({
    method: 'POST',
    url: `/v1/organizations/${org}/invitations`,
    headers: inviter.headers,
    payload: { email, role },
  });
}

/** A new user who joined `org` with `role` through an invitation link and the API. */
export async function inviteAndAccept(
  t: TestApp,
  inviter: SignedInUser,
  org: string,
  role: 'admin' | 'member' | 'viewer',
): Promise<SignedInUser> {
  const user = await signIn(t, uniqueEmail(role));
  const invited = await invite(t, inviter, org, user.email, role);
  if (invited.statusCode !== 201) throw new Error(`invite failed: ${invited.body}`);
  const accepted = await t.app.inject({
    method: 'POST',
    url: '/v1/invitations/accept',
    headers: user.headers,
    payload: { token: invitationToken(t, user.email) },
  });
  if (accepted.statusCode !== 200) throw new Error(`accept failed: ${accepted.body}`);
  return user;
}
