import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, getSession } from '@/lib/session';
import { verifyCode } from './verify-code';

const user = {
  id: '00000000-0000-4000-8000-000000000001',
  email: 'a@example.com',
  orgs: [{ id: '00000000-0000-4000-8000-0000000000a1', name: '', currency: 'USD', role: 'owner' }],
};

function respondWith(status: number, body: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status })),
  );
}

describe('verifyCode', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    clearSession();
  });

  it("fails with 'Invalid code' when the reply is not ok", async () => {
    respondWith(400, { error: 'The code has expired', field: 'code' });
    await expect(verifyCode({ code: '123456' })).rejects.toThrow('Invalid code');
    expect(getSession().accessToken).toBeNull();
  });

  it('says a new code is needed when the code has no tries left', async () => {
    respondWith(400, { error: 'Too many wrong codes. Please request a new code.', field: 'code' });
    await expect(verifyCode({ code: '123456' })).rejects.toThrow(
      'Invalid code. Too many wrong codes. Please request a new code.',
    );
  });

  it("fails with the server's text when an ok reply carries an error", async () => {
    respondWith(200, { error: 'Account locked' });
    await expect(verifyCode({ code: '123456' })).rejects.toThrow('Account locked');
    expect(getSession().accessToken).toBeNull();
  });

  it('stores the token and the account on success', async () => {
    respondWith(200, { error: '', access_token: 'token', user });
    await expect(verifyCode({ code: '123456', email: 'a@example.com' })).resolves.toEqual(user);
    expect(getSession()).toMatchObject({ accessToken: 'token', account: user });
  });
});
