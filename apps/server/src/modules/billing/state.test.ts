import { describe, expect, it } from 'vitest';
import {
  fromShopifyStatus,
  fromStripeStatus,
  isGated,
  RENEWAL_GRACE_MS,
  shouldApply,
  type ProviderReport,
  type StoredState,
} from './state';

const now = new Date('2026-03-01T12:00:00Z');
const at = (ms: number) => new Date(now.getTime() + ms);
const HOUR = 3600_000;

const trial: StoredState = {
  provider: null,
  status: 'trialing',
  trial_end: at(HOUR),
  current_period_end: null,
  cancel_at_period_end: false,
  stripe_subscription_id: null,
  shopify_charge_id: null,
  provider_updated_at: null,
};
const active: StoredState = {
  ...trial,
  provider: 'STRIPE',
  status: 'active',
  trial_end: null,
  current_period_end: at(10 * 24 * HOUR),
  stripe_subscription_id: 'sub_1',
  provider_updated_at: at(-HOUR),
};
const report = (changes: Partial<ProviderReport> = {}): ProviderReport => ({
  provider: 'STRIPE',
  id: 'sub_1',
  status: 'active',
  plan: 'growth',
  trial_end: null,
  current_period_end: at(10 * 24 * HOUR),
  cancel_at_period_end: false,
  ...changes,
});

describe('isGated', () => {
  it('is open while trialing or active, and closed otherwise', () => {
    expect(isGated(trial, now)).toBe(false);
    expect(isGated(active, now)).toBe(false);
    for (const status of ['past_due', 'canceled', 'unpaid', 'incomplete'] as const)
      expect(isGated({ ...active, status }, now), status).toBe(true);
    expect(isGated(undefined, now)).toBe(true);
  });

  it('closes when the trial ends, and when a period ends (a renewing one after a grace)', () => {
    expect(isGated({ ...trial, trial_end: now }, now)).toBe(true);
    const ended = { ...active, current_period_end: at(-HOUR) };
    expect(isGated(ended, now)).toBe(false);
    expect(isGated({ ...ended, cancel_at_period_end: true }, now)).toBe(true);
    expect(isGated({ ...active, current_period_end: at(-RENEWAL_GRACE_MS) }, now)).toBe(true);
  });
});

describe('provider statuses', () => {
  it("maps Stripe's and Shopify's statuses onto ours", () => {
    expect(fromStripeStatus('active')).toBe('active');
    expect(fromStripeStatus('incomplete_expired')).toBe('canceled');
    expect(fromStripeStatus('paused')).toBe('unpaid');
    expect(fromShopifyStatus('ACTIVE')).toBe('active');
    expect(fromShopifyStatus('FROZEN')).toBe('past_due');
    expect(fromShopifyStatus('DECLINED')).toBe('canceled');
    expect(fromShopifyStatus('PENDING')).toBeNull();
  });
});

describe('shouldApply', () => {
  it('refuses reports older than the stored state, and takes equal or newer ones', () => {
    expect(shouldApply(active, report({ status: 'past_due' }), at(-2 * HOUR), now)).toBe(false);
    expect(shouldApply(active, report({ status: 'past_due' }), at(-HOUR), now)).toBe(true);
    expect(shouldApply(active, report({ status: 'past_due' }), now, now)).toBe(true);
    // A state read from the provider just now is always current.
    expect(shouldApply(active, report({ status: 'past_due' }), null, now)).toBe(true);
  });

  it('keeps a canceled subscription canceled', () => {
    const canceled = { ...active, status: 'canceled' as const };
    expect(shouldApply(canceled, report(), at(HOUR), now)).toBe(false);
    expect(shouldApply(canceled, report({ status: 'canceled' }), at(HOUR), now)).toBe(true);
  });

  it('lets another subscription replace a state with access only when it grants access itself', () => {
    const other = report({ id: 'sub_2', status: 'canceled' });
    expect(shouldApply(active, other, at(HOUR), now)).toBe(false);
    expect(shouldApply(trial, report({ id: 'sub_2', status: 'incomplete' }), now, now)).toBe(false);
    expect(shouldApply(trial, report({ id: 'sub_2' }), now, now)).toBe(true);
    const expired = { ...trial, trial_end: at(-HOUR) };
    expect(shouldApply(expired, report({ id: 'sub_2', status: 'past_due' }), now, now)).toBe(true);
  });
});
