import Stripe from 'stripe';
import { billingMessages } from '@stocksync/contract';
import { AppError } from '../../lib/errors';

export interface StripeGatewayOptions {
  secretKey: string;
  /** whsec_ secret of our webhook endpoint; without it webhooks are refused (503). */
  webhookSecret?: string;
  /** API origin, e.g. the local emulator's http://127.0.0.1:4104 (default https://api.stripe.com). */
  apiBaseUrl?: string;
  /** True when talking to the local emulator (demo mode, tests). */
  sandbox?: boolean;
}

export class StripeSignatureError extends Error {}
/** A correctly signed body that is not a Stripe event (not JSON, or not an event's shape). */
export class StripePayloadError extends Error {}
export class StripeNotConfiguredError extends Error {}

/** stripe-node's connection settings for an origin (docs/channels §4.7). */
function hostSettings(apiBaseUrl: string | undefined) {
  if (!apiBaseUrl) return {};
  const url = new URL(apiBaseUrl);
  const protocol = url.protocol === 'http:' ? ('http' as const) : ('https' as const);
  return {
    host: url.hostname,
    port: Number(url.port || (protocol === 'http' ? 80 : 443)),
    protocol,
  };
}

/** Stripe failures as answers the client can read (502: the provider failed us). */
function providerError(error: unknown): never {
  if (error instanceof Stripe.errors.StripeError)
    throw new AppError(502, `Stripe could not complete the request: ${error.message}`);
  throw error;
}

/**
 * The one place that talks to Stripe, through the official client. Everything billing needs and
 * nothing more: customers, Checkout and portal sessions, reading subscriptions, webhook events.
 */
export class StripeGateway {
  readonly sandbox: boolean;
  private readonly stripe: Stripe;
  private readonly webhookSecret: string | undefined;

  constructor(options: StripeGatewayOptions) {
    this.sandbox = options.sandbox ?? false;
    this.webhookSecret = options.webhookSecret;
    this.stripe = new Stripe(options.secretKey, {
      ...hostSettings(options.apiBaseUrl),
      telemetry: false,
      maxNetworkRetries: 2,
      timeout: 20_000,
    });
  }

  /**
   * One customer per organisation: the idempotency key (by default one per organisation) makes
   * concurrent first checkouts share it; a replacement customer passes its own key.
   */
  async createCustomer(input: {
    organizationId: string;
    name: string;
    idempotencyKey?: string;
  }): Promise<string> {
    try {
      const customer = await this.stripe.customers.create(
        {
          name: input.name || undefined,
          metadata: { organization_id: input.organizationId },
        },
        { idempotencyKey: input.idempotencyKey ?? `stocksync-customer-${input.organizationId}` },
      );
      return customer.id;
    } catch (error) {
      providerError(error);
    }
  }

  /**
   * Whether Stripe still has the customer, and the organisation our metadata names on it (null
   * when it names none). A deleted customer counts as gone.
   */
  async customerOwner(
    customer: string,
  ): Promise<{ exists: false } | { exists: true; organizationId: string | null }> {
    try {
      const found = await this.stripe.customers.retrieve(customer);
      if (found.deleted) return { exists: false };
      return { exists: true, organizationId: found.metadata?.organization_id ?? null };
    } catch (error) {
      if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404)
        return { exists: false };
      providerError(error);
    }
  }

  async checkoutUrl(input: {
    customer: string;
    /** The subscription's trial ends then (Stripe wants it 48 h or more ahead); null: no trial. */
    trialEnd?: Date | null;
    price: string;
    organizationId: string;
    plan: string;
    successUrl: string;
    cancelUrl: string;
  }): Promise<string> {
    try {
      const session = await this.stripe.checkout.sessions.create({
        mode: 'subscription',
        customer: input.customer,
        line_items: [{ price: input.price, quantity: 1 }],
        success_url: input.successUrl,
        cancel_url: input.cancelUrl,
        client_reference_id: input.organizationId,
        metadata: { organization_id: input.organizationId, plan: input.plan },
        subscription_data: {
          metadata: { organization_id: input.organizationId, plan: input.plan },
          ...(input.trialEnd ? { trial_end: Math.floor(input.trialEnd.getTime() / 1000) } : {}),
        },
      });
      if (!session.url) throw new AppError(502, 'Stripe answered a Checkout Session without a URL');
      return session.url;
    } catch (error) {
      providerError(error);
    }
  }

  async portalUrl(customer: string, returnUrl: string): Promise<string> {
    try {
      const session = await this.stripe.billingPortal.sessions.create({
        customer,
        return_url: returnUrl,
      });
      return session.url;
    } catch (error) {
      providerError(error);
    }
  }

  /** Every subscription of the customer, canceled ones included, newest first. */
  async subscriptions(customer: string): Promise<Stripe.Subscription[]> {
    try {
      const out: Stripe.Subscription[] = [];
      for await (const sub of this.stripe.subscriptions.list({
        customer,
        status: 'all',
        limit: 100,
      })) {
        out.push(sub);
        if (out.length >= 100) break;
      }
      return out.sort((a, b) => b.created - a.created);
    } catch (error) {
      providerError(error);
    }
  }

  async subscription(id: string): Promise<Stripe.Subscription> {
    try {
      return await this.stripe.subscriptions.retrieve(id);
    } catch (error) {
      providerError(error);
    }
  }

  /** Verifies Stripe-Signature over the raw body (300 s tolerance) and answers the event. */
  event(rawBody: string, signature: string | undefined): Stripe.Event {
    if (!this.webhookSecret)
      throw new StripeNotConfiguredError('STRIPE_WEBHOOK_SECRET is not configured');
    let event: unknown;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, signature ?? '', this.webhookSecret);
    } catch (error) {
      // constructEvent checks the signature first, then parses: a SyntaxError means it was signed.
      if (error instanceof SyntaxError)
        throw new StripePayloadError(billingMessages.webhookBodyNotJson);
      throw new StripeSignatureError(error instanceof Error ? error.message : String(error));
    }
    if (!isEventShaped(event)) throw new StripePayloadError(billingMessages.webhookNotEvent);
    return event;
  }
}

/** The fields the webhook handler reads before it looks at the event type. */
function isEventShaped(value: unknown): value is Stripe.Event {
  if (typeof value !== 'object' || value === null) return false;
  const event = value as Record<string, unknown>;
  const data = event.data as Record<string, unknown> | null | undefined;
  return (
    typeof event.id === 'string' &&
    typeof event.type === 'string' &&
    Number.isFinite(event.created) &&
    typeof data?.object === 'object' &&
    data.object !== null
  );
}
