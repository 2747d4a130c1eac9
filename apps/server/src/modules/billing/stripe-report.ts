import type Stripe from 'stripe';
import type { PlanCode } from '@stocksync/contract';
import type { Db } from '../../db/client';
import type { Plans } from './plans';
import { fromStripeStatus, type ProviderReport } from './state';

const fromUnix = (seconds: number | null | undefined) =>
  seconds === null || seconds === undefined ? null : new Date(seconds * 1000);

/** The id of a Stripe reference, expanded or not. */
export const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

/** A Stripe subscription as a provider report (its plan found by price, product or metadata). */
export async function stripeReport(
  plans: Plans,
  db: Db,
  sub: Stripe.Subscription,
): Promise<ProviderReport> {
  const item = sub.items.data[0];
  const legacy = sub as unknown as { current_period_end?: number };
  // An ended subscription's period end is when it ended (cancelled now: today, not the
  // paid-up period's end a month ahead).
  const periodEnd =
    sub.status === 'canceled' || sub.status === 'incomplete_expired'
      ? (sub.ended_at ?? item?.current_period_end ?? legacy.current_period_end)
      : (item?.current_period_end ?? legacy.current_period_end);
  const price = item?.price;
  const plan = await plans.forStripe(
    db,
    { id: price?.id ?? null, product: idOf(price?.product) },
    (sub.metadata?.plan as PlanCode | undefined) ?? null,
  );
  return {
    provider: 'STRIPE',
    id: sub.id,
    status: fromStripeStatus(sub.status),
    plan,
    trial_end: fromUnix(sub.trial_end),
    current_period_end: fromUnix(periodEnd),
    cancel_at_period_end: sub.cancel_at_period_end || sub.cancel_at !== null,
  };
}

/** An invoice's subscription: parent.subscription_details (API 2025-03-31+) or the older field. */
export function invoiceSubscription(invoice: Stripe.Invoice): string | null {
  const legacy = invoice as unknown as { subscription?: string | { id: string } | null };
  return idOf(invoice.parent?.subscription_details?.subscription ?? legacy.subscription ?? null);
}

/** The customer a Stripe event's object belongs to. */
export function customerOf(event: Stripe.Event): string | null {
  const object = event.data.object as { customer?: string | { id: string } | null };
  return idOf(object.customer ?? null);
}
