import {
  test as base,
  expect,
  type APIRequestContext,
  type BrowserContext,
  type Page,
} from '@playwright/test';

function requiredEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set; run through e2e/playwright.config.ts`);
  return value;
}

type Organization = { id: string; name: string; currency: string; role: string };
export type TestUser = {
  email: string;
  accessToken: string;
  user: { id: string; email: string; orgs: Organization[] };
};

let counter = 0;
/** A fresh address per call; the server lower-cases addresses, so this one is lower case. */
export function uniqueEmail(label: string) {
  counter += 1;
  return `${label}-${Date.now().toString(36)}-${counter}@example.com`;
}

export function uniqueOrgName(label: string) {
  counter += 1;
  return `${label} ${Date.now().toString(36)}${counter}`;
}

/** The latest sign-in code mailed to `email` (waits for it), from the harness's SMTP capture. */
export async function readCode(email: string, timeoutMs = 15_000): Promise<string> {
  const url = new URL('/code', requiredEnv('E2E_MAIL_URL'));
  url.searchParams.set('email', email);
  url.searchParams.set('timeoutMs', String(timeoutMs));
  const response = await fetch(url);
  const body = (await response.json()) as { code?: string; error?: string };
  if (!response.ok || !body.code) throw new Error(body.error ?? `No code for ${email}`);
  return body.code;
}

/** The newest mail to `email` whose text contains `containing`, waiting up to `timeoutMs`. */
export async function readMail(
  email: string,
  containing: string,
  timeoutMs = 15_000,
): Promise<{ subject: string; text: string }> {
  const url = new URL('/mail', requiredEnv('E2E_MAIL_URL'));
  url.searchParams.set('email', email);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await fetch(url);
    const body = (await response.json()) as { subject?: string; text?: string };
    if (response.ok && body.text?.includes(containing))
      return body as { subject: string; text: string };
    if (Date.now() > deadline) throw new Error(`No mail to ${email} containing ${containing}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Signs up and onboards a user through the API (faster than the UI for tests about other things). */
export async function createUser(
  request: APIRequestContext,
  { label, orgName }: { label: string; orgName: string },
): Promise<TestUser> {
  const email = uniqueEmail(label);
  expect((await request.post('/v1/auth/signup', { data: { email } })).ok()).toBe(true);
  const code = await readCode(email);
  const verified = await request.post('/v1/auth/verify', { data: { email, code } });
  expect(verified.ok()).toBe(true);
  const { access_token: accessToken } = (await verified.json()) as { access_token: string };
  const onboarded = await request.post('/v1/users/onboard', {
    data: { organisation: orgName, currency: 'GBP' },
    headers: { Authorization: `Bearer ${accessToken}` },
  });
  expect(onboarded.ok()).toBe(true);
  const { user } = (await onboarded.json()) as { user: TestUser['user'] };
  return { email, accessToken, user };
}

/** Puts a session into the browser's storage the way the verify screen does. */
export async function signInWithStorage(page: Page, user: TestUser) {
  await page.goto('/auth/login');
  await page.evaluate(
    ({ token, account }) => {
      localStorage.setItem('access_token', token);
      localStorage.setItem('account', JSON.stringify(account));
    },
    { token: user.accessToken, account: user.user },
  );
}

/**
 * A new organisation of `user`, created through the API, with the user signed in to it in the
 * browser. Tests that need no new sign-in code share one user this way (codes are rate limited).
 */
export async function signInWithNewOrganization(
  page: Page,
  request: APIRequestContext,
  user: TestUser,
  label: string,
) {
  const orgName = uniqueOrgName(label);
  const created = await request.post('/v1/organizations', {
    data: { organizationName: orgName, currency: 'GBP' },
    headers: { Authorization: `Bearer ${user.accessToken}` },
  });
  expect(created.ok()).toBe(true);
  const org = (await created.json()) as Organization;
  await signInWithStorage(page, {
    ...user,
    user: { ...user.user, orgs: [...user.user.orgs, org] },
  });
  return { org, orgName, orgPath: `/${encodeURIComponent(orgName)}` };
}

export async function fillCodeAndVerify(page: Page, code: string) {
  await page.getByLabel('Verification code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
}

/** Marks what the init script below logs, beside Chromium's own "Refused to …" console lines. */
const CSP_VIOLATION = 'CSP violation:';

/**
 * Every page of every test reports Content-Security-Policy violations (docs/decisions/0032): the
 * browser's 'securitypolicyviolation' events, logged by an init script, and Chromium's own
 * "Refused to …" console messages. A test that saw any fails, so each screen a test visits is
 * checked against the server's CSP.
 */
async function watchCspViolations(context: BrowserContext): Promise<{ violations: string[] }> {
  const watched = { violations: [] as string[] };
  await context.addInitScript((marker: string) => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(
        `${marker} ${event.violatedDirective} blocked ${event.blockedURI || 'inline'} at ${event.sourceFile || location.href}:${event.lineNumber}`,
      );
    });
  }, CSP_VIOLATION);
  context.on('console', (message) => {
    const text = message.text();
    if (text.startsWith(CSP_VIOLATION) || text.startsWith('Refused to ')) {
      watched.violations.push(`${message.page()?.url() ?? ''}: ${text}`);
    }
  });
  return watched;
}

export const test = base.extend({
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use) => {
    await use(requiredEnv('E2E_BASE_URL'));
  },
  context: async ({ context }, use) => {
    const watched = await watchCspViolations(context);
    await use(context);
    expect(watched.violations, 'Content-Security-Policy violations').toEqual([]);
  },
});

export { expect };
