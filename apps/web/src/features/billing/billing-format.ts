import { formatMoney } from '@/lib/money';
import type { Plan, PlanCode, PlanLimits, Subscription, SubscriptionStatus } from './api/types';

type BadgeVariant = 'success' | 'info' | 'warning' | 'destructive';

const STATUS: Record<SubscriptionStatus, { label: string; variant: BadgeVariant }> = {
  trialing: { label: 'Trial', variant: 'info' },
  active: { label: 'Active', variant: 'success' },
  past_due: { label: 'Past due', variant: 'warning' },
  incomplete: { label: 'Incomplete', variant: 'warning' },
  canceled: { label: 'Canceled', variant: 'destructive' },
  unpaid: { label: 'Unpaid', variant: 'destructive' },
};

export function statusBadge(status: SubscriptionStatus) {
  return STATUS[status] ?? { label: status, variant: 'warning' as const };
}

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

export function formatDate(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : dateFormat.format(date);
}

/** The one date that matters for this subscription, as a sentence ("Trial ends on …"). */
export function periodText(subscription: Subscription, now = new Date()): string | null {
  const { status, trial_end, current_period_end, cancel_at_period_end } = subscription;
  const when = (iso: string | null) => {
    const text = formatDate(iso);
    return text ? { text, past: new Date(iso!).getTime() <= now.getTime() } : null;
  };
  if (status === 'trialing') {
    const end = when(trial_end ?? current_period_end);
    if (!end) return null;
    return end.past ? `Trial ended on ${end.text}` : `Trial ends on ${end.text}`;
  }
  const end = when(current_period_end);
  if (!end) return null;
  if (status === 'canceled' || status === 'unpaid') return `Ended on ${end.text}`;
  if (cancel_at_period_end) return end.past ? `Ended on ${end.text}` : `Ends on ${end.text}`;
  if (status === 'past_due') return `Payment due since the period ended on ${end.text}`;
  return `Renews on ${end.text}`;
}

/** "3 connected accounts", "Unlimited synced products". */
export function limitText(limit: number | null, singular: string, plural: string): string {
  if (limit === null) return `Unlimited ${plural}`;
  return `${limit.toLocaleString('en-US')} ${limit === 1 ? singular : plural}`;
}

export function planLimitTexts(limits: PlanLimits): string[] {
  return [
    limitText(limits.connected_accounts, 'connected account', 'connected accounts'),
    limitText(limits.synced_products, 'synced product', 'synced products'),
    limitText(limits.members, 'member', 'members'),
  ];
}

/** "£49.00 / month" in the organisation's currency (en-US format, spec §9). */
export function planPriceText(plan: Pick<Plan, 'price' | 'currency'>): string {
  return `${formatMoney(plan.price, plan.currency)} / month`;
}

/** "2 of 3", "2 of unlimited"; only the count when there is no plan to measure against. */
export function usageText(used: number, limit: number | null, noPlan = false): string {
  const count = used.toLocaleString('en-US');
  if (noPlan) return count;
  return `${count} of ${limit === null ? 'unlimited' : limit.toLocaleString('en-US')}`;
}

export type BillingBanner = { kind: 'past_due' | 'gated'; title: string; description: string };

const PAUSED = 'Imports, turning stock sync on and SKU generation';

/** The banner an organisation needs, if any: a failed payment first, then the gate. */
export function bannerFor(
  subscription: Pick<Subscription, 'status' | 'provider'> | null,
  isGated: boolean,
): BillingBanner | null {
  if (subscription?.status === 'past_due') {
    const where =
      subscription.provider === 'SHOPIFY'
        ? 'Approve the charge in your Shopify admin'
        : 'Update your payment method in Manage subscription';
    return {
      kind: 'past_due',
      title: 'Your last payment failed',
      description: `${where}. ${PAUSED} ${isGated ? 'are paused until it is paid' : 'stop if it stays unpaid'}.`,
    };
  }
  if (!isGated) return null;
  return {
    kind: 'gated',
    title: 'Your organisation has no active subscription',
    description: `${PAUSED} are paused until you choose a plan. Everything else stays readable.`,
  };
}

/** Whether the subscription can be changed in Stripe's portal rather than started again. */
export function hasStripePortal(subscription: Subscription | null): boolean {
  return subscription?.provider === 'STRIPE';
}

/**
 * How a plan is chosen now: a first (or renewed) subscription goes through checkout; a live
 * Stripe subscription changes plan in Stripe's portal (a second checkout would bill twice); a
 * live Shopify subscription changes plan by confirming a new charge on Shopify.
 */
export function planChangeMode(
  subscription: Pick<Subscription, 'provider' | 'status'> | null,
): 'checkout' | 'portal' | 'shopify' {
  const ended =
    !subscription ||
    subscription.provider === null ||
    subscription.status === 'canceled' ||
    subscription.status === 'incomplete';
  if (ended) return 'checkout';
  return subscription.provider === 'STRIPE' ? 'portal' : 'shopify';
}

/** The plan the organisation is on: none once its subscription has ended (cancelled is not current). */
export function currentPlanCode(
  subscription: Pick<Subscription, 'provider' | 'status' | 'plan'> | null,
): PlanCode | undefined {
  if (!subscription?.provider || planChangeMode(subscription) === 'checkout') return undefined;
  return subscription.plan?.code;
}

/** Stripe takes a carried trial end only 48 hours or more ahead (the server adds 5 minutes). */
const CARRIED_TRIAL_MS = 48 * 3600_000 + 5 * 60_000;

/**
 * What a checkout during the free trial does with the trial, said before checkout: the remaining
 * days are kept when Stripe allows (48 hours or more left); otherwise the paid plan starts now.
 */
export function trialCheckoutText(
  subscription: Pick<Subscription, 'provider' | 'status' | 'trial_end'> | null,
  via: 'stripe' | 'shopify',
  now = new Date(),
): string | null {
  if (!subscription || subscription.provider !== null || subscription.status !== 'trialing')
    return null;
  const end = subscription.trial_end ? new Date(subscription.trial_end) : null;
  if (!end || Number.isNaN(end.getTime()) || end.getTime() <= now.getTime()) return null;
  if (via === 'stripe' && end.getTime() - now.getTime() >= CARRIED_TRIAL_MS)
    return `Your free trial continues until ${formatDate(subscription.trial_end)}; the first payment is taken then.`;
  return 'Subscribing now ends your free trial: the paid plan starts at once.';
}
