import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { cookieFrom, createTestApp, signIn, type TestApp } from '../support/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const MINUTE = 60 * 1000;

function me(headers: Record<string, string>, refreshToken?: string) {
  return t.app.inject({
    method: 'GET',
    url: '/v1/users/me',
    headers,
    cookies: refreshToken ? { refresh_token: refreshToken } : {},
  });
}

describe('access tokens', () => {
  it('issues a 15-minute HS256 token naming the user and the session', async () => {
    const user = await signIn(t);
    const claims = decodeJwt(user.accessToken);
    expect(claims.sub).toBe(user.userId);
    expect(typeof claims.sid).toBe('string');
    expect(claims.exp! - claims.iat!).toBe(15 * 60);
  });

  it('answers 401 without a token, with a forged token, or with garbage', async () => {
    const user = await signIn(t);
    for (const headers of [
      {} as Record<string, string>,
      { authorization: 'Bearer nonsense' },
      { authorization: `Bearer ${user.accessToken.slice(0, -2)}xx` },
      { authorization: user.accessToken },
    ]) {
      const res = await me(headers);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'Unauthorized' });
    }
  });

  it('serves a fresh token without renewing it', async () => {
    const user = await signIn(t);
    const res = await me(user.headers, user.refreshToken);
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-token']).toBeUndefined();
    expect(res.headers['access-control-expose-headers']).toContain('access-token');
    expect(res.json()).toMatchObject({ id: user.userId, email: user.email });
  });

  it('stops accepting a token it has already accepted once the token expires', async () => {
    const user = await signIn(t);
    expect((await me(user.headers)).statusCode).toBe(200);
    t.clock.advance(15 * MINUTE - 1000);
    expect((await me(user.headers)).statusCode).toBe(200);
    t.clock.advance(1000);
    expect((await me(user.headers)).statusCode).toBe(401);
  });

  it('renews a token close to expiry when the refresh cookie matches, rotating the cookie', async () => {
    const user = await signIn(t);
    t.clock.advance(14 * MINUTE);
    const res = await me(user.headers, user.refreshToken);
    expect(res.statusCode).toBe(200);
    const fresh = res.headers['access-token'];
    expect(typeof fresh).toBe('string');
    expect(decodeJwt(fresh as string).sid).toBe(decodeJwt(user.accessToken).sid);
    const rotated = cookieFrom(res, 'refresh_token');
    expect(rotated).toBeTruthy();
    expect(rotated).not.toBe(user.refreshToken);

    // The old refresh token no longer works, the new one does.
    t.clock.advance(20 * MINUTE);
    const stale = await me(user.headers, user.refreshToken);
    expect(stale.statusCode).toBe(401);
    const ok = await me(user.headers, rotated);
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['access-token']).toBeTruthy();
  });

  it('does not renew near expiry without the refresh cookie', async () => {
    const user = await signIn(t);
    t.clock.advance(14 * MINUTE);
    const res = await me(user.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-token']).toBeUndefined();
  });

  it('answers an expired token with a valid refresh cookie normally, with a new token', async () => {
    const user = await signIn(t);
    t.clock.advance(16 * MINUTE);
    const expired = await me(user.headers);
    expect(expired.statusCode).toBe(401);
    const res = await me(user.headers, user.refreshToken);
    expect(res.statusCode).toBe(200);
    const fresh = res.headers['access-token'] as string;
    expect(fresh).toBeTruthy();
    const again = await me({ authorization: `Bearer ${fresh}` });
    expect(again.statusCode).toBe(200);
  });

  it('lets parallel requests with the same expired token and refresh cookie all through', async () => {
    const user = await signIn(t);
    t.clock.advance(16 * MINUTE);
    const answers = await Promise.all([1, 2, 3, 4].map(() => me(user.headers, user.refreshToken)));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    for (const res of answers) expect(res.headers['access-token']).toBeTruthy();
    // Exactly one of them rotated the cookie; the others leave the browser's new cookie alone.
    const rotated = answers.map((r) => cookieFrom(r, 'refresh_token')).filter(Boolean);
    expect(rotated).toHaveLength(1);

    // The grace period is short: a minute later the replaced cookie no longer works.
    t.clock.advance(2 * MINUTE);
    expect((await me({}, user.refreshToken)).statusCode).toBe(401);
    expect((await me({}, rotated[0])).statusCode).toBe(200);
  });

  it('rejects a session past its 30 days', async () => {
    const user = await signIn(t);
    t.clock.advance(31 * 24 * 60 * MINUTE);
    const res = await me(user.headers, user.refreshToken);
    expect(res.statusCode).toBe(401);
  });
});

describe('logout', () => {
  it('revokes the session: the token and the refresh cookie stop working', async () => {
    const user = await signIn(t);
    const out = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/logout',
      headers: user.headers,
      cookies: { refresh_token: user.refreshToken },
    });
    expect(out.statusCode).toBe(204);
    expect(cookieFrom(out, 'refresh_token')).toBe('');
    expect((await me(user.headers)).statusCode).toBe(401);
    expect((await me({}, user.refreshToken)).statusCode).toBe(401);
    const row = await t.db.db
      .selectFrom('sessions')
      .select('revoked_at')
      .where('id', '=', decodeJwt(user.accessToken).sid as string)
      .executeTakeFirstOrThrow();
    expect(row.revoked_at).not.toBeNull();
  });

  it('revokes by refresh cookie alone and leaves other sessions alone', async () => {
    const a = await signIn(t);
    const b = await signIn(t, a.email);
    const out = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/logout',
      cookies: { refresh_token: a.refreshToken },
    });
    expect(out.statusCode).toBe(204);
    expect((await me(a.headers)).statusCode).toBe(401);
    expect((await me(b.headers)).statusCode).toBe(200);
  });

  it('answers 204 even with nothing to revoke', async () => {
    const out = await t.app.inject({ method: 'POST', url: '/v1/auth/logout' });
    expect(out.statusCode).toBe(204);
  });
});

describe('health and docs', () => {
  it('reports the database', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, database: true });
  });

  it('serves the interactive reference at /docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
  });

  it('serves the OpenAPI document with the auth paths', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/v1/auth/login',
        '/v1/auth/verify',
        '/v1/users/me',
        '/v1/organizations/{id}',
      ]),
    );
  });
});
