import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, uniqueEmail, type TestApp } from '../support/app';

describe('when mail cannot be sent', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      mailer: {
        send: () => Promise.reject(new Error('SMTP down')),
        close() {},
      },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers 503 with a message instead of a 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { email: uniqueEmail('nomail') },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json().error).toMatch(/could not be sent/);
  });
});

describe('parallel verification of one code', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('signs in once and creates exactly one user and organisation', async () => {
    const email = uniqueEmail('race');
    await t.app.inject({ method: 'POST', url: '/v1/auth/signup', payload: { email } });
    const code = await t.smtp.waitForCode(email);
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.app.inject({ method: 'POST', url: '/v1/auth/verify', payload: { email, code } }),
      ),
    );
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 400, 400, 400, 400]);
    const users = await t.db.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .execute();
    expect(users).toHaveLength(1);
    const memberships = await t.db.db
      .selectFrom('memberships')
      .select('organization_id')
      .where('user_id', '=', users[0]!.id)
      .execute();
    expect(memberships).toHaveLength(1);
    const sessions = await t.db.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', users[0]!.id)
      .execute();
    expect(sessions).toHaveLength(1);
  });
});

describe('configured per-IP limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      config: { AUTH_CODE_REQUESTS_PER_IP: 2, AUTH_VERIFY_ATTEMPTS_PER_IP: 3 },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('applies AUTH_CODE_REQUESTS_PER_IP and AUTH_VERIFY_ATTEMPTS_PER_IP', async () => {
    const ip = '198.51.100.7';
    const request = () =>
      t.app.inject({
        method: 'POST',
        url: '/v1/auth/login',
        payload: { email: uniqueEmail('cfg') },
        remoteAddress: ip,
      });
    expect((await request()).statusCode).toBe(200);
    expect((await request()).statusCode).toBe(200);
    expect((await request()).statusCode).toBe(429);

    const verify = () =>
      t.app.inject({
        method: 'POST',
        url: '/v1/auth/verify',
        payload: { email: uniqueEmail('cfg'), code: '123456' },
        remoteAddress: ip,
      });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await verify()).statusCode);
    expect(statuses).toEqual([400, 400, 400, 429]);
  });
});
