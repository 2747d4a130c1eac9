import { describe, expect, it } from 'vitest';
import type { Subscription } from './api/types';
import {
  bannerFor,
  currentPlanCode,
  limitText,
  periodText,
  planChangeMode,
  planLimitTexts,
  planPriceText,
  statusBadge,
  trialCheckoutText,
  usageText,
} from './billing-format';
import { billingReturnOf, billingSearchSchema } from './billing-search';

const now = new Date('2026-03-10T12:00:00Z');

function subscription(overrides: Partial<Subscription>): Subscription {
  return {
    provider: 'STRIPE',
    status: 'active',
    plan: { code: 'growth', name: 'Growth' },
    trial_end: null,
    current_period_end: '2026-04-10T12:00:00Z',
    cancel_at_period_end: false,
    is_gated: false,
    usage: { connected_accounts: 1, synced_products: 10, members: 1 },
    ...overrides,
  };
}

describe('periodText', () => {
  it('names the trial end, past or future', () => {
    const trial = subscription({ provider: null, status: 'trialing', plan: null });
    expect(periodText({ ...trial, trial_end: '2026-03-24T12:00:00Z' }, now)).toBe(
      'Trial ends on Mar 24, 2026',
    );
    expect(periodText({ ...trial, trial_end: '2026-03-01T12:00:00Z' }, now)).toBe(
      'Trial ended on Mar 1, 2026',
    );
  });

  it('renews, ends at period end when cancelled, or has ended', () => {
    expect(periodText(subscription({}), now)).toBe('Renews on Apr 10, 2026');
    expect(periodText(subscription({ cancel_at_period_end: true }), now)).toBe(
      'Ends on Apr 10, 2026',
    );
    expect(
      periodText(subscription({ status: 'canceled', current_period_end: '2026-03-01T12:00:00Z' })),
    ).toBe('Ended on Mar 1, 2026');
    expect(periodText(subscription({ status: 'past_due' }), now)).toMatch(/^Payment due/);
  });

  it('is nothing without a usable date', () => {
    expect(periodText(subscription({ current_period_end: null }), now)).toBeNull();
    expect(periodText(subscription({ current_period_end: 'not a date' }), now)).toBeNull();
  });
});

describe('plan texts', () => {
  it('formats limits, null as unlimited, with singular and plural', () => {
    expect(limitText(null, 'connected account', 'connected accounts')).toBe(
      'Unlimited connected accounts',
    );
    expect(limitText(1, 'connected account', 'connected accounts')).toBe('1 connected account');
    expect(planLimitTexts({ connected_accounts: 5, synced_products: 5000, members: 1 })).toEqual([
      '5 connected accounts',
      '5,000 synced products',
      '1 member',
    ]);
  });

  it('shows the price in the organisation currency, en-US format', () => {
    expect(planPriceText({ price: '39.00', currency: 'GBP' })).toBe('£39.00 / month');
    expect(planPriceText({ price: '45', currency: 'EUR' })).toBe('€45.00 / month');
  });

  it('measures usage against the plan', () => {
    expect(usageText(2, 5)).toBe('2 of 5');
    expect(usageText(1200, null)).toBe('1,200 of unlimited');
    expect(usageText(3, null, true)).toBe('3');
  });

  it('gives every status a label and style', () => {
    expect(statusBadge('active')).toEqual({ label: 'Active', variant: 'success' });
    expect(statusBadge('past_due')).toEqual({ label: 'Past due', variant: 'warning' });
    expect(statusBadge('canceled').variant).toBe('destructive');
  });
});

describe('bannerFor', () => {
  it('warns of a failed payment first, then of the gate, else nothing', () => {
    expect(bannerFor(subscription({ status: 'past_due' }), true)?.kind).toBe('past_due');
    expect(bannerFor(subscription({ status: 'past_due' }), false)?.description).toMatch(
      /Manage subscription/,
    );
    expect(
      bannerFor(subscription({ status: 'past_due', provider: 'SHOPIFY' }), true)?.description,
    ).toMatch(/Shopify/);
    expect(bannerFor(subscription({ status: 'canceled' }), true)?.kind).toBe('gated');
    expect(bannerFor(null, true)?.kind).toBe('gated');
    expect(bannerFor(subscription({}), false)).toBeNull();
  });
});

describe('planChangeMode', () => {
  it('checks out without a live subscription, else changes through its provider', () => {
    expect(planChangeMode(null)).toBe('checkout');
    expect(planChangeMode({ provider: null, status: 'trialing' })).toBe('checkout');
    expect(planChangeMode({ provider: 'STRIPE', status: 'canceled' })).toBe('checkout');
    expect(planChangeMode({ provider: 'STRIPE', status: 'active' })).toBe('portal');
    expect(planChangeMode({ provider: 'STRIPE', status: 'past_due' })).toBe('portal');
    expect(planChangeMode({ provider: 'SHOPIFY', status: 'active' })).toBe('shopify');
    expect(planChangeMode({ provider: 'SHOPIFY', status: 'canceled' })).toBe('checkout');
  });
});

describe('billing return parameters', () => {
  const parse = (query: string) => {
    // The router reads each value as JSON first, then validates.
    const raw = Object.fromEntries(
      [...new URLSearchParams(query)].map(([key, value]) => {
        try {
          return [key, JSON.parse(value) as unknown];
        } catch {
          return [key, value];
        }
      }),
    );
    return billingReturnOf(billingSearchSchema.parse(raw), `?${query}`);
  };

  it('syncs Stripe after a successful checkout or the portal, not after a cancelled checkout', () => {
    expect(parse('provider=STRIPE&subscription=success&session_id=cs_test_1')).toEqual({
      provider: 'STRIPE',
      outcome: 'success',
    });
    expect(parse('subscription=success')).toEqual({ provider: 'STRIPE', outcome: 'success' });
    expect(parse('provider=STRIPE&subscription=cancel')).toEqual({
      provider: 'STRIPE',
      outcome: 'cancelled',
    });
    expect(parse('')).toBeNull();
    expect(parse('provider=SHOPIFY')).toBeNull();
    // The portal's return address: the changes made there are read once.
    expect(parse('provider=STRIPE')).toEqual({ provider: 'STRIPE', outcome: 'portal' });
  });

  it('keeps a Shopify id exactly, even one that looks like a large number', () => {
    expect(parse('provider=SHOPIFY&shopify_sub=9007199254740993123')).toEqual({
      provider: 'SHOPIFY',
      shopifySub: '9007199254740993123',
    });
    expect(parse('provider=SHOPIFY&shopify_sub=ref_abc&charge_id=42')).toEqual({
      provider: 'SHOPIFY',
      shopifySub: 'ref_abc',
    });
    // Spec §2's boolean form: the id then comes from Shopify's charge_id, if any.
    expect(parse('shopify_sub=true&charge_id=77')).toEqual({
      provider: 'SHOPIFY',
      shopifySub: '77',
    });
    expect(parse('shopify_sub=true')).toEqual({ provider: 'SHOPIFY', shopifySub: undefined });
    expect(parse('shopify_sub=false')).toBeNull();
  });

  it('drops values of the wrong kind instead of failing the route', () => {
    expect(billingSearchSchema.parse({ provider: 'PAYPAL', subscription: { a: 1 } })).toEqual({
      provider: undefined,
      subscription: undefined,
    });
  });
});

describe('currentPlanCode (issue 20 item 6)', () => {
  it('is the plan of a live subscription, and none once it is cancelled or never started', () => {
    expect(currentPlanCode(subscription({}))).toBe('growth');
    expect(currentPlanCode(subscription({ status: 'past_due' }))).toBe('growth');
    expect(currentPlanCode(subscription({ status: 'canceled' }))).toBeUndefined();
    expect(currentPlanCode(subscription({ status: 'incomplete' }))).toBeUndefined();
    expect(currentPlanCode(subscription({ provider: null, status: 'trialing' }))).toBeUndefined();
    expect(currentPlanCode(null)).toBeUndefined();
  });
});

describe('trialCheckoutText (issue 20 item 6)', () => {
  const trial = (trial_end: string | null) =>
    subscription({ provider: null, status: 'trialing', plan: null, trial_end });

  it('says the trial continues when 48 hours or more are left and the card pays', () => {
    expect(trialCheckoutText(trial('2026-03-20T12:00:00Z'), 'stripe', now)).toBe(
      'Your free trial continues until Mar 20, 2026; the first payment is taken then.',
    );
  });

  it('says subscribing ends the trial when less is left, or when Shopify bills', () => {
    const ending = 'Subscribing now ends your free trial: the paid plan starts at once.';
    expect(trialCheckoutText(trial('2026-03-11T12:00:00Z'), 'stripe', now)).toBe(ending);
    expect(trialCheckoutText(trial('2026-03-20T12:00:00Z'), 'shopify', now)).toBe(ending);
  });

  it('says nothing outside a running free trial', () => {
    expect(trialCheckoutText(trial('2026-03-01T12:00:00Z'), 'stripe', now)).toBeNull();
    expect(trialCheckoutText(subscription({}), 'stripe', now)).toBeNull();
    expect(trialCheckoutText(null, 'stripe', now)).toBeNull();
  });
});
