import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, cookieFrom, signIn, uniqueEmail, type TestApp } from '../support/app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const CODE_SENT = 'If the address can receive mail, a code is on its way.';

function requestCode(path: 'signup' | 'login', email: unknown, ip = '203.0.113.1') {
  return t.app.inject({
    method: 'POST',
    url: `/v1/auth/${path}`,
    payload: { email },
    remoteAddress: ip,
  });
}

describe('sign-up and sign-in with a mailed code', () => {
  it('signs up a new address through the pending_email cookie and creates a first organisation', async () => {
    const email = uniqueEmail('new');
    const res = await requestCode('signup', email.toUpperCase());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, message: CODE_SENT });
    const pending = res.cookies.find((c) => c.name === 'pending_email');
    expect(pending).toMatchObject({ httpOnly: true, sameSite: 'Lax' });

    const code = await t.smtp.waitForCode(email);
    const mail = t.smtp.messages.at(-1)!;
    expect(mail.to).toEqual([email]);
    expect(mail.subject).toContain('sign-up');

    const verified = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/verify',
      payload: { code },
      cookies: { pending_email: pending!.value },
    });
    expect(verified.statusCode).toBe(200);
    const body = verified.json();
    expect(body.error).toBe('');
    expect(typeof body.access_token).toBe('string');
    expect(body.user).toMatchObject({
      email,
      orgs: [{ name: '', currency: 'USD', role: 'owner' }],
    });
    const refresh = verified.cookies.find((c) => c.name === 'refresh_token');
    expect(refresh).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/v1' });
    expect(refresh!.maxAge).toBe(30 * 24 * 60 * 60);
    const clearedPending = verified.cookies.find((c) => c.name === 'pending_email');
    expect(clearedPending?.value).toBe('');

    const user = await t.db.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(user.verified_at).not.toBeNull();
  });

  it('signs an existing user in without creating another organisation', async () => {
    const first = await signIn(t);
    const again = await signIn(t, first.email);
    expect(again.userId).toBe(first.userId);
    expect(again.firstOrgId).toBe(first.firstOrgId);
    const orgs = await t.db.db
      .selectFrom('memberships')
      .select('organization_id')
      .where('user_id', '=', first.userId)
      .execute();
    expect(orgs).toHaveLength(1);
    expect(t.smtp.messages.at(-1)!.subject).toContain('sign-in');
  });

  it('answers known and unknown addresses identically', async () => {
    const known = await signIn(t);
    const unknown = uniqueEmail('unknown');
    const a = await requestCode('login', known.email, '203.0.113.50');
    const b = await requestCode('login', unknown, '203.0.113.51');
    expect(a.statusCode).toBe(b.statusCode);
    expect(a.body).toBe(b.body);
    expect(Object.keys(a.headers).sort()).toEqual(Object.keys(b.headers).sort());
    expect(await t.smtp.waitForCode(known.email)).toMatch(/^\d{6}$/);
    expect(await t.smtp.waitForCode(unknown)).toMatch(/^\d{6}$/);
  });

  it('stores codes only as hashes', async () => {
    const email = uniqueEmail('hash');
    await requestCode('login', email, '203.0.113.60');
    const code = await t.smtp.waitForCode(email);
    const rows = await t.db.db
      .selectFrom('login_codes')
      .selectAll()
      .where('email', '=', email)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.code_hash).not.toContain(code);
    expect(rows[0]!.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.requested_ip).toBe('203.0.113.60');
  });

  it('rejects a wrong code and counts the try', async () => {
    const email = uniqueEmail('wrong');
    await requestCode('login', email, '203.0.113.70');
    const code = await t.smtp.waitForCode(email);
    const wrong = code === '000000' ? '111111' : '000000';
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/verify',
      payload: { email, code: wrong },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'Invalid code' });
    expect(res.cookies.find((c) => c.name === 'refresh_token')).toBeUndefined();
    const row = await t.db.db
      .selectFrom('login_codes')
      .select('attempts')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(row.attempts).toBe(1);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/verify',
      payload: { email, code },
    });
    expect(ok.statusCode).toBe(200);
  });

  it('kills a code after 5 wrong tries, even for the right code', async () => {
    const email = uniqueEmail('five');
    await requestCode('login', email, '203.0.113.80');
    const code = await t.smtp.waitForCode(email);
    const wrong = code === '999999' ? '888888' : '999999';
    for (let i = 0; i < 5; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/auth/verify',
        payload: { email, code: wrong },
      });
      expect(res.statusCode).toBe(400);
    }
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/verify',
      payload: { email, code },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'Too many wrong codes. Please request a new code.' });
  });

  it('rejects an expired code', async () => {
    const email = uniqueEmail('expired');
    await requestCode('login', email, '203.0.113.90');
    const code = await t.smtp.waitForCode(email);
    t.clock.advance(10 * 60 * 1000 + 1);
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/verify',
      payload: { email, code },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'Invalid code' });
  });

  it('rejects a code that was already used', async () => {
    const email = uniqueEmail('reuse');
    await requestCode('login', email, '203.0.113.91');
    const code = await t.smtp.waitForCode(email);
    const first = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/verify',
      payload: { email, code },
    });
    expect(first.statusCode).toBe(200);
    const second = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/verify',
      payload: { email, code },
    });
    expect(second.statusCode).toBe(400);
  });

  it('invalidates an older code when a new one is requested', async () => {
    const email = uniqueEmail('newer');
    await requestCode('login', email, '203.0.113.92');
    const older = await t.smtp.waitForCode(email);
    await requestCode('login', email, '203.0.113.92');
    const newer = await t.smtp.waitForCode(email);
    if (older !== newer) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/auth/verify',
        payload: { email, code: older },
      });
      expect(res.statusCode).toBe(400);
    }
    const rows = await t.db.db
      .selectFrom('login_codes')
      .select('consumed_at')
      .where('email', '=', email)
      .orderBy('created_at', 'asc')
      .execute();
    expect(rows.map((r) => r.consumed_at === null)).toEqual([false, true]);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/verify',
      payload: { email, code: newer },
    });
    expect(ok.statusCode).toBe(200);
  });

  it('does not accept a code for another address', async () => {
    const a = uniqueEmail('a');
    const b = uniqueEmail('b');
    await requestCode('login', a, '203.0.113.93');
    await requestCode('login', b, '203.0.113.93');
    const codeA = await t.smtp.waitForCode(a);
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/verify',
      payload: { email: b, code: codeA },
    });
    // The codes could coincide by chance (1 in a million); then b's own code is being used.
    const codeB = await t.smtp.waitForCode(b);
    expect(res.statusCode).toBe(codeA === codeB ? 200 : 400);
  });

  it('asks for the address when there is neither cookie nor e-mail', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/verify',
      payload: { code: '123456' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'email' });
  });

  it('ignores a tampered pending_email cookie', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/verify',
      payload: { code: '123456' },
      cookies: { pending_email: 'victim@example.com.forged' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'email' });
  });
});

describe('bad input', () => {
  it.each([
    [{ email: 'not-an-email' }, 'email'],
    [{}, 'email'],
    [{ email: 42 }, 'email'],
    [{ email: 'a@b.c'.repeat(60) }, 'email'],
  ])('rejects %j naming the field', async (payload, field) => {
    const before = await t.db.db
      .selectFrom('login_codes')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      payload,
      remoteAddress: '198.51.100.1',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field });
    expect(typeof res.json().error).toBe('string');
    const after = await t.db.db
      .selectFrom('login_codes')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('rejects a malformed code', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/verify',
      payload: { email: 'x@example.com', code: '12ab' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ field: 'code' });
  });

  it('answers malformed JSON, wrong content types, empty and huge bodies with 4xx', async () => {
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toHaveProperty('error');

    const text = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      headers: { 'content-type': 'text/plain' },
      payload: 'email=a@b.com',
    });
    // Fastify reads text/plain as a string; it is not the JSON object the route needs.
    expect(text.statusCode).toBe(400);
    expect(text.json()).toMatchObject({ field: 'body' });

    const xml = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<email>a@b.com</email>',
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json()).toMatchObject({ field: 'content-type' });

    const empty = await t.app.inject({ method: 'POST', url: '/v1/auth/login' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ field: 'body' });

    const array = await t.app.inject({ method: 'POST', url: '/v1/auth/login', payload: [1, 2] });
    expect(array.statusCode).toBe(400);

    const huge = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a'.repeat(2 * 1024 * 1024) }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toHaveProperty('error');
  });

  it('never answers odd bodies with a 500', async () => {
    const bodies = [
      'null',
      '"a string"',
      '{"__proto__": {"admin": true}, "email": "x@example.com"}',
      '{"constructor": {"prototype": {}}}',
      '{"email": {"$ne": null}}',
      '{"email": ["a@example.com"]}',
      '{"email": "a@example.com", "code": 123456}',
    ];
    for (const url of ['/v1/auth/login', '/v1/auth/verify', '/v1/auth/signup']) {
      for (const payload of bodies) {
        const res = await t.app.inject({
          method: 'POST',
          url,
          headers: { 'content-type': 'application/json' },
          payload,
          remoteAddress: '198.51.100.200',
        });
        // The last body is a valid code request (extra keys are ignored) but a bad verify.
        const valid = payload.includes('123456') && !url.endsWith('verify');
        expect(res.statusCode, `${url} ${payload}`).toBe(valid ? 200 : 400);
        if (!valid) expect(typeof res.json().error).toBe('string');
      }
    }
  });

  it('answers unknown /v1 routes with JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'Not found' });
  });
});

describe('rate limits', () => {
  it('limits code requests per address from one client', async () => {
    const email = uniqueEmail('limited');
    for (let i = 0; i < 5; i++) {
      expect((await requestCode('login', email, '192.0.2.1')).statusCode).toBe(200);
    }
    const res = await requestCode('login', email, '192.0.2.1');
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ field: 'email' });
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    // The window passes.
    t.clock.advance(15 * 60 * 1000 + 1);
    expect((await requestCode('login', email, '192.0.2.1')).statusCode).toBe(200);
  });

  it('limits code requests per IP', async () => {
    const ip = '192.0.2.200';
    for (let i = 0; i < 20; i++) {
      expect((await requestCode('signup', uniqueEmail('ip'), ip)).statusCode).toBe(200);
    }
    const res = await requestCode('signup', uniqueEmail('ip'), ip);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toHaveProperty('error');
    expect((await requestCode('signup', uniqueEmail('ip'), '192.0.2.201')).statusCode).toBe(200);
  });

  it('limits verify attempts per IP', async () => {
    const ip = '192.0.2.250';
    let last = 0;
    for (let i = 0; i < 31; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/auth/verify',
        payload: { email: uniqueEmail('v'), code: '123456' },
        remoteAddress: ip,
      });
      last = res.statusCode;
      if (i < 30) expect(res.statusCode).toBe(400);
    }
    expect(last).toBe(429);
    const limited = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/verify',
      payload: { email: uniqueEmail('v'), code: '123456' },
      remoteAddress: ip,
    });
    expect(limited.json().error).toMatch(
      /^Too many requests, please try again later\. Retry in \d+ min\.$/,
    );
    const other = await t.app.inject({
      method: 'POST',
      url: '/v1/auth/verify',
      payload: { email: uniqueEmail('v'), code: '123456' },
      remoteAddress: '192.0.2.251',
    });
    expect(other.statusCode).toBe(400);
  });
});

describe('cookie helpers', () => {
  it('reads cookies from responses', async () => {
    const res = await requestCode('login', uniqueEmail('cookie'), '203.0.113.99');
    expect(cookieFrom(res, 'pending_email')).toBeTruthy();
  });
});
