import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { computeV1Signature, stripeSignatureHeader, verifyStripeSignature } from './signature';

const stripe = new Stripe('sk_test_x', { telemetry: false });

describe('Stripe-Signature signer', () => {
  it('matches the docs/channels §7 Stripe v1 test vector', () => {
    expect(computeV1Signature('whsec_test', 1700000000, '{"id":"evt_1","object":"event"}')).toBe(
      '4c15fb2a43f93ef61eaa3e0893866d57cad9cad4223242cfb96f362480cb4021',
    );
    expect(stripeSignatureHeader('whsec_test', 1700000000, '{"id":"evt_1","object":"event"}')).toBe(
      't=1700000000,v1=4c15fb2a43f93ef61eaa3e0893866d57cad9cad4223242cfb96f362480cb4021',
    );
  });

  it('produces exactly what stripe-node generateTestHeaderString produces', () => {
    const payload = JSON.stringify({ id: 'evt_2', object: 'event', type: 'invoice.paid' }, null, 2);
    expect(stripeSignatureHeader('whsec_abc', 1712345678, payload)).toBe(
      stripe.webhooks.generateTestHeaderString({
        payload,
        secret: 'whsec_abc',
        timestamp: 1712345678,
      }),
    );
  });

  it('is accepted by stripe.webhooks.constructEvent and rejected with a wrong secret or body', () => {
    const payload = JSON.stringify({ id: 'evt_3', object: 'event', type: 'customer.created' });
    const header = stripeSignatureHeader('whsec_good', Math.floor(Date.now() / 1000), payload);
    expect(stripe.webhooks.constructEvent(payload, header, 'whsec_good').id).toBe('evt_3');
    expect(() => stripe.webhooks.constructEvent(payload, header, 'whsec_bad')).toThrow(
      /No signatures found/,
    );
    expect(() => stripe.webhooks.constructEvent(`${payload} `, header, 'whsec_good')).toThrow();
  });

  it('verifies like stripe-node: any v1, timestamp tolerance', () => {
    const body = '{"id":"evt_1","object":"event"}';
    const good = computeV1Signature('whsec_test', 1700000000, body);
    const header = `t=1700000000,v1=${'0'.repeat(64)},v1=${good},v0=zzz`;
    expect(verifyStripeSignature(body, header, 'whsec_test')).toBe(true);
    expect(verifyStripeSignature(body, header, 'whsec_other')).toBe(false);
    expect(
      verifyStripeSignature(body, header, 'whsec_test', {
        toleranceSeconds: 300,
        nowSeconds: 1700000301,
      }),
    ).toBe(false);
    expect(
      verifyStripeSignature(body, header, 'whsec_test', {
        toleranceSeconds: 300,
        nowSeconds: 1700000300,
      }),
    ).toBe(true);
  });
});
