import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingMessages, errorMessages } from '@stocksync/contract';
import { StripeGateway } from '../../src/modules/billing/stripe-gateway';
import { createTestApp, signIn, type SignedInUser, type TestApp } from '../support/app';

/* Issue 20 item 15: every 400 names what is wrong. */

const WEBHOOK_SECRET = 'whsec_bad-request-messages-test';
const stripeKey = 'sk_test_bad_request_messages';

let t: TestApp;
let user: SignedInUser;
beforeAll(async () => {
  // The webhook only verifies and parses: no Stripe API call happens before the answers tested.
  const stripe = new StripeGateway({ secretKey: stripeKey, webhookSecret: WEBHOOK_SECRET });
  t = await createTestApp({ stripe });
  user = await signIn(t);
});
afterAll(async () => {
  await t?.close();
});

describe('a malformed URL', () => {
  it.each(['/v1/products/%E0%A4%A', '/v1/organizations/%ZZ', '/v1/imports/%C0%AF'])(
    '%s is a 400 naming the url, not a bare "Bad Request"',
    async (url) => {
      const res = await t.app.inject({
        method: 'GET',
        url,
        headers: { ...user.headers, 'x-organization-id': user.firstOrgId },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: errorMessages.malformedUrl, field: 'url' });
    },
  );

  it('an over-long path segment is a 414 naming the url', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/v1/products/${'a'.repeat(5000)}` });
    expect(res.statusCode).toBe(414);
    expect(res.json()).toEqual({ error: errorMessages.urlSegmentTooLong, field: 'url' });
  });
});

describe('a JSON body that is not UTF-8', () => {
  it('is a 400 naming the body, and creates nothing', async () => {
    const before = await t.db.db.selectFrom('organizations').select('id').execute();
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/organizations',
      headers: { ...user.headers, 'content-type': 'application/json' },
      payload: Buffer.concat([
        Buffer.from('{"organizationName":"Shop '),
        Buffer.from([0xff, 0xfe, 0xc0, 0xaf]),
        Buffer.from('","currency":"USD"}'),
      ]),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: errorMessages.bodyNotUtf8, field: 'body' });
    expect(await t.db.db.selectFrom('organizations').select('id').execute()).toEqual(before);
  });

  it('still parses UTF-8 JSON and still refuses __proto__ keys', async () => {
    const ok = await t.app.inject({
      method: 'POST',
      url: '/v1/organizations',
      headers: { ...user.headers, 'content-type': 'application/json; charset=utf-8' },
      payload: Buffer.from('{"organizationName":"Caf\u00e9 \u5e97","currency":"EUR"}'),
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().name).toBe('Caf\u00e9 \u5e97');
    const poisoned = await t.app.inject({
      method: 'POST',
      url: '/v1/organizations',
      headers: { ...user.headers, 'content-type': 'application/json' },
      payload: '{"organizationName":"Poisoned","currency":"USD","__proto__":{"x":1}}',
    });
    expect(poisoned.statusCode).toBe(400);
    expect(poisoned.json()).toMatchObject({ field: 'body' });
  });
});

describe('the Stripe webhook', () => {
  const signer = new Stripe(stripeKey);
  const post = (payload: string, signature?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/v1/webhooks/stripe',
      headers: {
        'content-type': 'application/json',
        ...(signature ? { 'stripe-signature': signature } : {}),
      },
      payload,
    });
  const signed = (payload: string) =>
    post(payload, signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }));

  it('says a correctly signed body that is not JSON is not JSON', async () => {
    const res = await signed('this is not json');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: billingMessages.webhookBodyNotJson, field: 'body' });
  });

  it.each(['null', '42', '{}', '{"id":"evt_1","type":"x","created":1}'])(
    'says a correctly signed %s is not a Stripe event',
    async (payload) => {
      const res = await signed(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: billingMessages.webhookNotEvent, field: 'body' });
    },
  );

  it('still calls a wrong signature a wrong signature', async () => {
    const res = await post('this is not json', 't=1,v1=00');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: billingMessages.signatureInvalid,
      field: 'stripe-signature',
    });
  });
});
