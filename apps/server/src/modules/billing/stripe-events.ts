import type Stripe from 'stripe';
import { billingMessages } from '@stocksync/contract';
import type { Db } from '../../db/client';
import { AppError, badRequest } from '../../lib/errors';
import { BillingRepository } from './repository';
import {
  StripeNotConfiguredError,
  StripePayloadError,
  StripeSignatureError,
} from './stripe-gateway';
import { idOf, invoiceSubscription, stripeReport } from './stripe-report';
import { requireStripe, type StripeBillingOptions } from './stripe-subscriptions';
import type { SubscriptionChanges } from './tables';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface StripeEventOutcome {
  applied: boolean;
}

/**
 * Stripe's webhook events: each event id applied once (in the same transaction as its effect),
 * state changes ordered by the event's time.
 */
export class StripeEvents {
  constructor(private readonly o: StripeBillingOptions) {}

  /** The event, if the signature over the raw body is Stripe's; else 400 (503 unconfigured). */
  verify(rawBody: string, signature: string | undefined): Stripe.Event {
    const stripe = requireStripe(this.o.stripe);
    try {
      return stripe.event(rawBody, signature);
    } catch (error) {
      if (error instanceof StripeSignatureError)
        throw badRequest(billingMessages.signatureInvalid, 'stripe-signature');
      if (error instanceof StripePayloadError) throw badRequest(error.message, 'body');
      if (error instanceof StripeNotConfiguredError) throw new AppError(503, error.message);
      throw error;
    }
  }

  /** Applies a verified event (the webhook intake records each event id once, and calls this from its job). */
  async apply(event: Stripe.Event): Promise<StripeEventOutcome> {
    const at = new Date(event.created * 1000);
    // Checkout's completion names the subscription: read it first (outside the transaction).
    let fetched: Stripe.Subscription | null = null;
    if (event.type === 'checkout.session.completed') {
      const id = idOf(event.data.object.subscription);
      if (id) fetched = await requireStripe(this.o.stripe).subscription(id);
    }
    const touched: string[] = [];
    return this.o.state.inTransaction(
      () => touched,
      async (trx) => {
        const org = await this.organizationOf(trx, event);
        if (!org) return { applied: false };
        touched.push(org);
        const applied = await this.applyTo(trx, org, event, fetched, at);
        return { applied };
      },
    );
  }

  private organizationOf(db: Db, event: Stripe.Event): Promise<string | undefined> {
    switch (event.type) {
      case 'checkout.session.completed': {
        const session = event.data.object;
        return this.organization(
          db,
          session.client_reference_id ?? session.metadata?.organization_id,
          idOf(session.customer),
          idOf(session.subscription),
        );
      }
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted': {
        const sub = event.data.object;
        return this.organization(db, sub.metadata?.organization_id, idOf(sub.customer), sub.id);
      }
      case 'invoice.paid':
      case 'invoice.payment_failed':
        return this.organization(
          db,
          null,
          idOf(event.data.object.customer),
          invoiceSubscription(event.data.object),
        );
      default:
        return Promise.resolve(undefined);
    }
  }

  /** The organisation a Stripe object belongs to: our metadata first, else the stored ids. */
  private async organization(
    db: Db,
    metadataOrg: string | null | undefined,
    customer: string | null,
    subscription: string | null,
  ): Promise<string | undefined> {
    if (
      metadataOrg &&
      UUID.test(metadataOrg) &&
      (await this.o.organizations.name(metadataOrg)) !== undefined
    )
      return metadataOrg;
    return new BillingRepository(db).organizationByStripe(customer, subscription);
  }

  private async applyTo(
    db: Db,
    org: string,
    event: Stripe.Event,
    fetched: Stripe.Subscription | null,
    at: Date,
  ): Promise<boolean> {
    const { state, plans } = this.o;
    switch (event.type) {
      case 'checkout.session.completed': {
        const customer = idOf(event.data.object.customer);
        const link: SubscriptionChanges = {};
        const stored = await state.repo(db).lock(org);
        if (customer && !stored.stripe_customer_id) link.stripe_customer_id = customer;
        if (!fetched) {
          if (customer && !stored.stripe_customer_id) await state.update(db, org, link);
          return false;
        }
        return state.apply(db, org, await stripeReport(plans, db, fetched), at, link);
      }
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
        return state.apply(db, org, await stripeReport(plans, db, event.data.object), at);
      case 'invoice.paid':
      case 'invoice.payment_failed':
        return this.applyInvoice(db, org, event.data.object, event.type === 'invoice.paid', at);
      default:
        return false;
    }
  }

  /**
   * Invoices only move the status of the current subscription (paid: past_due/unpaid/incomplete
   * → active; failed: active → past_due); the subscription events carry the rest.
   */
  private async applyInvoice(
    db: Db,
    org: string,
    invoice: Stripe.Invoice,
    paid: boolean,
    at: Date,
  ): Promise<boolean> {
    const stored = await this.o.state.repo(db).lock(org);
    const subscription = invoiceSubscription(invoice);
    if (stored.provider !== 'STRIPE' || !subscription) return false;
    if (stored.stripe_subscription_id !== subscription) return false;
    if (stored.provider_updated_at && at < stored.provider_updated_at) return false;
    const from = paid ? ['past_due', 'unpaid', 'incomplete'] : ['active'];
    if (!from.includes(stored.status)) return false;
    await this.o.state.update(db, org, {
      status: paid ? 'active' : 'past_due',
      provider_updated_at: at,
    });
    return true;
  }
}
