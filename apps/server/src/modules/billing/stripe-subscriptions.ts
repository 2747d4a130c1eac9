import { billingMessages, type PlanCode } from '@stocksync/contract';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { AppError, conflict } from '../../lib/errors';
import type { OrgContext } from '../../plugins/org-scope';
import { billingPageUrl, organizationName, type OrganizationNames } from './billing-page';
import type { Plans } from './plans';
import { BillingRepository } from './repository';
import { trialToCarry } from './state';
import { stripeCustomerForCheckout, verifiedStripeCustomer } from './stripe-customer';
import type { StripeGateway } from './stripe-gateway';
import { stripeReport } from './stripe-report';
import type { SubscriptionState } from './subscription-state';

export interface StripeBillingOptions {
  db: Db;
  clock: Clock;
  plans: Plans;
  state: SubscriptionState;
  organizations: OrganizationNames;
  /** null: card payments are not configured (the Stripe routes answer 503). */
  stripe: StripeGateway | null;
  appUrl: string;
}

/** 503 when card payments are not configured. */
export function requireStripe(stripe: StripeGateway | null): StripeGateway {
  if (!stripe) throw new AppError(503, billingMessages.stripeUnavailable);
  return stripe;
}

/** Paying by card: Stripe Checkout, the Billing Portal, and reading the state back. */
export class StripeSubscriptions {
  constructor(private readonly o: StripeBillingOptions) {}

  private pageUrl(organizationId: string, query: string) {
    return billingPageUrl(this.o.organizations, this.o.appUrl, organizationId, query);
  }

  async checkout(org: OrgContext, code: PlanCode): Promise<string> {
    const stripe = requireStripe(this.o.stripe);
    const plan = await this.o.plans.requested(code);
    const repo = new BillingRepository(this.o.db);
    const name = await organizationName(this.o.organizations, org.id);
    const customer = await stripeCustomerForCheckout(stripe, repo, { id: org.id, name });
    return stripe.checkoutUrl({
      customer,
      trialEnd: trialToCarry(await repo.find(org.id), this.o.clock.now()),
      price: plan.prices[org.currency].stripe_price_id,
      organizationId: org.id,
      plan: plan.code,
      successUrl: await this.pageUrl(
        org.id,
        'provider=STRIPE&subscription=success&session_id={CHECKOUT_SESSION_ID}',
      ),
      cancelUrl: await this.pageUrl(org.id, 'provider=STRIPE&subscription=cancel'),
    });
  }

  async portal(org: OrgContext): Promise<string> {
    const stripe = requireStripe(this.o.stripe);
    const customer = await verifiedStripeCustomer(stripe, new BillingRepository(this.o.db), org.id);
    if (!customer) throw conflict(billingMessages.noStripeCustomer);
    return stripe.portalUrl(customer, await this.pageUrl(org.id, 'provider=STRIPE'));
  }

  /** Reads the organisation's subscriptions from Stripe (after the return from Checkout). */
  async sync(org: OrgContext): Promise<void> {
    const stripe = requireStripe(this.o.stripe);
    const customer = await verifiedStripeCustomer(stripe, new BillingRepository(this.o.db), org.id);
    if (!customer) throw conflict(billingMessages.noStripeCustomer);
    const subs = await stripe.subscriptions(customer);
    // The one that matters: a live one (newest first), else the newest.
    const pick =
      subs.find((s) => !['canceled', 'incomplete_expired'].includes(s.status)) ?? subs[0];
    if (!pick) return;
    await this.o.state.inTransaction(
      () => [org.id],
      async (trx) =>
        this.o.state.apply(trx, org.id, await stripeReport(this.o.plans, trx, pick), null),
    );
  }
}
