import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultSkuSettings, organizationMessages, textMessages } from '@stocksync/contract';
import { createTestApp, signIn, type SignedInUser, type TestApp } from '../support/app';

/*
 * Issue 20 items 1 and 14: the contract's one text rule (ADR 0035) on every person-typed field, and
 * the organisation name's minimum of 3 characters wherever an organisation is named.
 */

let t: TestApp;
let owner: SignedInUser;
let secondOrgId: string;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signIn(t);
  const onboard = await call('POST', '/v1/users/onboard', {
    organisation: 'First Shop',
    currency: 'USD',
  });
  expect(onboard.statusCode).toBe(200);
  const created = await call('POST', '/v1/organizations', {
    organizationName: 'Second Shop',
    currency: 'EUR',
  });
  expect(created.statusCode).toBe(201);
  secondOrgId = created.json<{ id: string }>().id;
});
afterAll(async () => {
  await t?.close();
});

function call(method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: object) {
  return t.app.inject({
    method,
    url,
    headers: { ...owner.headers, 'x-organization-id': owner.firstOrgId },
    ...(payload && { payload }),
  });
}

/** Everything a person can change through these calls, to show that a refused call changed nothing. */
async function snapshot() {
  const [organizations, skuSettings, imports] = await Promise.all([
    t.db.db.selectFrom('organizations').selectAll().orderBy('id').execute(),
    t.db.db.selectFrom('sku_settings').selectAll().orderBy('id').execute(),
    t.db.db.selectFrom('imports').selectAll().orderBy('id').execute(),
  ]);
  return JSON.stringify({ organizations, skuSettings, imports });
}

const skuSettings = defaultSkuSettings;

const someId = '00000000-0000-4000-8000-000000000001';

// The eight operations the attack found answering 500 to a NUL, and the field each must name.
const nulCases: [
  string,
  'GET' | 'POST' | 'PATCH' | 'PUT',
  () => string,
  object | undefined,
  string,
][] = [
  [
    'POST /v1/organizations',
    'POST',
    () => '/v1/organizations',
    { organizationName: 'Nul\u0000Shop', currency: 'USD' },
    'organizationName',
  ],
  [
    'PATCH /v1/organizations/{id}',
    'PATCH',
    () => `/v1/organizations/${secondOrgId}`,
    { organizationName: 'Nul\u0000Shop' },
    'organizationName',
  ],
  [
    'POST /v1/users/onboard',
    'POST',
    () => '/v1/users/onboard',
    { organisation: 'Nul\u0000Shop', currency: 'USD' },
    'organisation',
  ],
  [
    'PUT /v1/users/sku-settings (skuTemplate)',
    'PUT',
    () => '/v1/users/sku-settings',
    { ...skuSettings, skuTemplate: 'A\u0000B' },
    'skuTemplate',
  ],
  [
    'PUT /v1/users/sku-settings (customCharacters)',
    'PUT',
    () => '/v1/users/sku-settings',
    { ...skuSettings, customCharacters: 'AB\u0000' },
    'customCharacters',
  ],
  [
    'POST /v1/import/shopify',
    'POST',
    () => '/v1/import/shopify',
    { pc_id: someId, product_ids: ['gid\u0000'] },
    'product_ids.0',
  ],
  [
    'GET /v1/platforms/shopify/alias',
    'GET',
    () => '/v1/platforms/shopify/alias?alias=a%00b',
    undefined,
    'alias',
  ],
  [
    'GET /v1/platforms/ebay/alias',
    'GET',
    () => '/v1/platforms/ebay/alias?alias=a%00b',
    undefined,
    'alias',
  ],
  [
    'GET /v1/platforms/tiktok/alias',
    'GET',
    () => '/v1/platforms/tiktok/alias?alias=a%00b',
    undefined,
    'alias',
  ],
];

describe('the text rule (issue 20 item 1)', () => {
  it.each(nulCases)(
    '%s: a NUL is a 400 naming the field, nothing changes',
    async (_name, method, url, payload, field) => {
      const before = await snapshot();
      const res = await call(method, url(), payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ field });
      expect(res.json().error).toMatch(/control characters/);
      expect(await snapshot()).toBe(before);
    },
  );

  it.each([
    ['a bidi override', 'Evil\u202eCorp'],
    ['a bidi isolate', 'Evil\u2067Corp'],
    ['a zero-width space', 'Ac\u200bme'],
    ['a C1 control', 'Acme\u0085Goods'],
    ['a line separator', 'Acme\u2028Goods'],
    ['an unpaired surrogate', 'Acme\ud800Goods'],
  ])('refuses an organisation name with %s', async (_label, name) => {
    const before = await snapshot();
    for (const [method, url, payload, field] of [
      [
        'POST',
        '/v1/organizations',
        { organizationName: name, currency: 'USD' },
        'organizationName',
      ],
      ['PATCH', `/v1/organizations/${secondOrgId}`, { organizationName: name }, 'organizationName'],
    ] as const) {
      const res = await call(method, url, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        field,
        error: textMessages.forbiddenCharacters('Organization name'),
      });
    }
    expect(await snapshot()).toBe(before);
  });

  it('keeps what people type in other scripts and emoji, trimmed and in one normal form', async () => {
    const family =
      '\u{1F468}\u200d\u{1F469}\u200d\u{1F467} Caf\u0065\u0301 \u0645\u062a\u062c\u0631';
    const res = await call('PATCH', `/v1/organizations/${secondOrgId}`, {
      organizationName: `  ${family}  `,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().name).toBe(family.normalize('NFC'));
  });

  it('refuses a NUL in any query parameter before the route sees it', async () => {
    // No route schema refuses it here: the NUL guard does, naming the parameter.
    const res = await t.app.inject({
      method: 'GET',
      url: '/v1/webhooks/ebay/account-deletion?challenge_code=a%00b',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: textMessages.forbiddenCharacters('challenge_code'),
      field: 'challenge_code',
    });
  });

  it('refuses control characters in a search term with the same rule', async () => {
    const res = await call('GET', '/v1/products?search=mug%E2%80%AE');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      field: 'search',
      error: textMessages.forbiddenCharacters('search'),
    });
  });
});

describe('organisation names of at least 3 characters (issue 20 item 14)', () => {
  it.each(['X', 'ab', '  ab  '])(
    'refuses %j on create and rename, changing nothing',
    async (name) => {
      const before = await snapshot();
      const created = await call('POST', '/v1/organizations', {
        organizationName: name,
        currency: 'USD',
      });
      expect(created.statusCode).toBe(400);
      expect(created.json()).toMatchObject({
        field: 'organizationName',
        error: organizationMessages.nameTooShort,
      });
      const renamed = await call('PATCH', `/v1/organizations/${secondOrgId}`, {
        organizationName: name,
      });
      expect(renamed.statusCode).toBe(400);
      expect(renamed.json()).toMatchObject({
        field: 'organizationName',
        error: organizationMessages.nameTooShort,
      });
      expect(await snapshot()).toBe(before);
    },
  );

  it('still says the name is required when it is empty', async () => {
    const res = await call('PATCH', `/v1/organizations/${secondOrgId}`, {
      organizationName: '   ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      field: 'organizationName',
      error: organizationMessages.nameRequired,
    });
  });

  it('accepts exactly 3 characters', async () => {
    const res = await call('PATCH', `/v1/organizations/${secondOrgId}`, {
      organizationName: 'Abc',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().name).toBe('Abc');
  });
});
