import type { PlanCode, SubscriptionStatus } from '@stocksync/contract';

/**
 * Pure rules of the subscription state (docs/decisions/0030-billing-and-gating.md): what the
 * providers' statuses mean here, which provider report may replace the stored state, and when an
 * organisation is gated.
 */

export const TRIAL_DAYS = 14;
/** An active subscription whose period ended keeps access this long while the renewal is reported. */
export const RENEWAL_GRACE_MS = 24 * 3600_000;

export interface GateFields {
  status: SubscriptionStatus;
  trial_end: Date | null;
  current_period_end: Date | null;
  cancel_at_period_end: boolean;
}

/** Gated: neither active nor trialing, or the trial or the (non-renewing) period has ended. */
export function isGated(sub: GateFields | undefined, now: Date): boolean {
  if (!sub) return true;
  const at = now.getTime();
  if (sub.status === 'trialing') return sub.trial_end !== null && sub.trial_end.getTime() <= at;
  if (sub.status === 'active') {
    if (sub.current_period_end === null) return false;
    const end =
      sub.current_period_end.getTime() + (sub.cancel_at_period_end ? 0 : RENEWAL_GRACE_MS);
    return end <= at;
  }
  return true;
}

/**
 * Stripe Checkout accepts a subscription trial end at least 48 hours ahead
 * (https://docs.stripe.com/api/checkout/sessions/create, subscription_data.trial_end); a few
 * minutes more cover the clocks' difference.
 */
export const MIN_CARRIED_TRIAL_MS = 48 * 3600_000 + 5 * 60_000;

/**
 * The trial end a checkout carries into the new subscription, so subscribing during the trial
 * keeps its remaining days: the running trial's end, when far enough ahead for Stripe; else null
 * (the subscription starts, and is charged, at once).
 */
export function trialToCarry(
  sub: Pick<GateFields, 'status' | 'trial_end'> | undefined,
  now: Date,
): Date | null {
  if (sub?.status !== 'trialing' || !sub.trial_end) return null;
  return sub.trial_end.getTime() - now.getTime() >= MIN_CARRIED_TRIAL_MS ? sub.trial_end : null;
}

/** Stripe's statuses (docs/channels §4.6) in ours: the terminal and paused ones grant nothing. */
export function fromStripeStatus(status: string): SubscriptionStatus {
  switch (status) {
    case 'trialing':
    case 'active':
    case 'past_due':
    case 'canceled':
    case 'unpaid':
    case 'incomplete':
      return status;
    case 'incomplete_expired':
      return 'canceled';
    default:
      // paused (trial ended without a payment method) and anything newer: no access until resumed.
      return 'unpaid';
  }
}

/** Shopify's AppSubscriptionStatus (docs/channels §1.8); PENDING is not a state of ours (null). */
export function fromShopifyStatus(status: string): SubscriptionStatus | null {
  switch (status) {
    case 'ACTIVE':
    case 'ACCEPTED':
      return 'active';
    case 'FROZEN':
      return 'past_due';
    case 'CANCELLED':
    case 'DECLINED':
    case 'EXPIRED':
      return 'canceled';
    default:
      return null;
  }
}

/** What a provider reports about one of its subscriptions. */
export interface ProviderReport {
  provider: 'STRIPE' | 'SHOPIFY';
  /** Stripe subscription id or Shopify AppSubscription id. */
  id: string;
  status: SubscriptionStatus;
  plan: PlanCode | null;
  trial_end: Date | null;
  current_period_end: Date | null;
  cancel_at_period_end: boolean;
}

export interface StoredState extends GateFields {
  provider: 'STRIPE' | 'SHOPIFY' | null;
  stripe_subscription_id: string | null;
  shopify_charge_id: string | null;
  provider_updated_at: Date | null;
}

const currentId = (stored: StoredState) =>
  stored.provider === 'STRIPE'
    ? stored.stripe_subscription_id
    : stored.provider === 'SHOPIFY'
      ? stored.shopify_charge_id
      : null;

/**
 * Whether a report may replace the stored state. `at` is the provider's event time, or null for a
 * state read from the provider just now (sync), which is always current.
 * - A report older than the state's own event is stale (events arrive out of order).
 * - A canceled subscription stays canceled (terminal at both providers).
 * - A report about another subscription that grants nothing never replaces a state that still
 *   grants access (an old subscription ending, or a new checkout not paid yet, while the trial or
 *   another plan runs).
 */
export function shouldApply(
  stored: StoredState,
  report: ProviderReport,
  at: Date | null,
  now: Date,
): boolean {
  if (at && stored.provider_updated_at && at.getTime() < stored.provider_updated_at.getTime())
    return false;
  const same = stored.provider === report.provider && currentId(stored) === report.id;
  if (same) return !(stored.status === 'canceled' && report.status !== 'canceled');
  const grants = report.status === 'active' || report.status === 'trialing';
  return grants || isGated(stored, now);
}
