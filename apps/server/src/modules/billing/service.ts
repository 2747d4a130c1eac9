import { randomBytes } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type Stripe from 'stripe';
import { ChannelError } from '@stocksync/channels';
import {
  billingMessages,
  type GateErrorResponse,
  type Plan,
  type PlanCode,
  type ShopSession,
  type Subscription,
} from '@stocksync/contract';
import type { Db } from '../../db/client';
import type { Currency, Platform } from '../../db/types';
import type { Clock } from '../../lib/clock';
import { AppError, badRequest, conflict, forbidden } from '../../lib/errors';
import type { OrgContext } from '../../plugins/org-scope';
import type { ConnectionsService } from '../connections/service';
import {
  BillingRepository,
  type PlanRow,
  type SubscriptionChanges,
  type SubscriptionRow,
} from './repository';
import { ShopifyBilling, chargeGid, type ShopifyCharge } from './shopify-billing';
import {
  fromShopifyStatus,
  fromStripeStatus,
  isGated,
  shouldApply,
  trialToCarry,
  type ProviderReport,
} from './state';
import { stripeCustomerForCheckout, verifiedStripeCustomer } from './stripe-customer';
import {
  StripeNotConfiguredError,
  StripePayloadError,
  StripeSignatureError,
  type StripeGateway,
} from './stripe-gateway';

/** A refused action: answered 402 with its code (gate.ts). */
export class GateError extends Error {
  constructor(
    message: string,
    readonly code: GateErrorResponse['code'],
  ) {
    super(message);
    this.name = 'GateError';
  }
}

/** Subscriptions read by the gate are remembered this long (docs/decisions/0011 and 0030). */
export const SUBSCRIPTION_CACHE_TTL_MS = 2000;

interface OrgState {
  row: SubscriptionRow | undefined;
  plan: PlanRow | undefined;
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);
const fromUnix = (seconds: number | null | undefined) =>
  seconds === null || seconds === undefined ? null : new Date(seconds * 1000);
const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface BillingOptions {
  db: Db;
  clock: Clock;
  connections: ConnectionsService;
  /** null: card payments are not configured (the Stripe routes answer 503). */
  stripe: StripeGateway | null;
  appUrl: string;
}

/**
 * Plans, the organisation's subscription (Stripe or Shopify, state taken only from the providers:
 * webhooks or sync), and the checks behind the feature gate.
 */
export class BillingService {
  private readonly db: Db;
  private readonly clock: Clock;
  private readonly connections: ConnectionsService;
  private readonly stripe: StripeGateway | null;
  private readonly appUrl: string;
  private readonly states = new LRUCache<string, OrgState>({
    max: 10_000,
    ttl: SUBSCRIPTION_CACHE_TTL_MS,
  });
  private plansCache: Promise<PlanRow[]> | null = null;

  constructor(options: BillingOptions) {
    this.db = options.db;
    this.clock = options.clock;
    this.connections = options.connections;
    this.stripe = options.stripe;
    this.appUrl = options.appUrl.replace(/\/$/, '');
  }

  private repo(db: Db = this.db) {
    return new BillingRepository(db);
  }

  // ------------------------------------------------------------------------------ reads

  /** The seeded plans never change while the process runs. */
  private allPlans(): Promise<PlanRow[]> {
    this.plansCache ??= this.repo()
      .plans()
      .catch((error: unknown) => {
        this.plansCache = null;
        throw error;
      });
    return this.plansCache;
  }

  private async plan(code: PlanCode | null): Promise<PlanRow | undefined> {
    if (!code) return undefined;
    return (await this.allPlans()).find((p) => p.code === code);
  }

  async plans(currency: Currency): Promise<Plan[]> {
    return (await this.allPlans()).map((p) => ({
      code: p.code,
      name: p.name,
      price: p.prices[currency].amount,
      currency,
      prices: { USD: p.prices.USD.amount, GBP: p.prices.GBP.amount, EUR: p.prices.EUR.amount },
      limits: {
        connected_accounts: p.max_connected_accounts,
        synced_products: p.max_synced_products,
      },
    }));
  }

  private async state(organizationId: string): Promise<OrgState> {
    const cached = this.states.get(organizationId);
    if (cached) return cached;
    const row = await this.repo().find(organizationId);
    const state = { row, plan: await this.plan(row?.plan_code ?? null) };
    this.states.set(organizationId, state);
    return state;
  }

  /** Forgets the cached state after a change made by this process. */
  private changed(organizationId: string): void {
    this.states.delete(organizationId);
  }

  async isGated(organizationId: string): Promise<boolean> {
    return isGated((await this.state(organizationId)).row, this.clock.now());
  }

  async subscription(organizationId: string): Promise<Subscription> {
    this.changed(organizationId);
    const [{ row, plan }, usage] = await Promise.all([
      this.state(organizationId),
      this.repo().usage(organizationId),
    ]);
    return {
      provider: row?.provider ?? null,
      status: row?.status ?? 'canceled',
      plan: plan ? { code: plan.code, name: plan.name } : null,
      trial_end: iso(row?.trial_end ?? null),
      current_period_end: iso(row?.current_period_end ?? null),
      cancel_at_period_end: row?.cancel_at_period_end ?? false,
      is_gated: isGated(row, this.clock.now()),
      usage,
    };
  }

  // ------------------------------------------------------------------------------ the gate

  /** Importing, generating SKUs, turning sync on: only with an active or trialing subscription. */
  async requireAccess(organizationId: string): Promise<void> {
    if (await this.isGated(organizationId))
      throw new GateError(billingMessages.subscriptionRequired, 'subscription_required');
  }

  /**
   * Turning sync on for products (value true, or a flip of products now off) needs access and
   * room in the plan; turning it off is always allowed.
   */
  async checkSyncOn(
    organizationId: string,
    ids: readonly string[],
    value: boolean | undefined,
  ): Promise<void> {
    if (value === false) return;
    const turningOn = await this.repo().unsyncedAmong(organizationId, ids);
    if (turningOn === 0) return;
    await this.requireAccess(organizationId);
    const { plan } = await this.state(organizationId);
    const limit = plan?.max_synced_products ?? null;
    if (limit === null || !plan) return;
    const usage = await this.repo().usage(organizationId);
    if (usage.synced_products + turningOn > limit)
      throw new GateError(
        `Your ${plan.name} plan allows ${limit} synced products (${usage.synced_products} synced now, ${turningOn} more asked). Choose a larger plan in Billing.`,
        'plan_limit',
      );
  }

  /**
   * Connecting an account beyond the plan's connected accounts is refused; connecting an account
   * again (same shop, or a platform with an account waiting for re-authorisation) is not new.
   */
  async checkNewConnection(
    organizationId: string,
    platform: Platform,
    account: string | undefined,
  ): Promise<void> {
    const { plan } = await this.state(organizationId);
    const limit = plan?.max_connected_accounts ?? null;
    if (limit === null || !plan) return;
    const repo = this.repo();
    if (account ? await repo.hasConnection(organizationId, platform, account) : false) return;
    if (!account && (await repo.hasReauthPending(organizationId, platform))) return;
    const usage = await repo.usage(organizationId);
    if (usage.connected_accounts >= limit)
      throw new GateError(
        `Your ${plan.name} plan allows ${limit} connected accounts. Disconnect one or choose a larger plan in Billing.`,
        'plan_limit',
      );
  }

  // ------------------------------------------------------------------------------ shared

  private requireManager(org: OrgContext): void {
    if (org.role === 'member') throw forbidden(billingMessages.managersOnly);
  }

  private async billingUrl(organizationId: string, query: string): Promise<string> {
    const name = await this.repo().organizationName(organizationId);
    return `${this.appUrl}/${encodeURIComponent(name)}/settings/billing?${query}`;
  }

  private async planOrThrow(code: PlanCode): Promise<PlanRow> {
    const plan = await this.plan(code);
    if (!plan) throw badRequest(billingMessages.planInvalid, 'plan');
    return plan;
  }

  /**
   * Applies a provider report under the row lock when shouldApply allows it. `at` is the event's
   * time (null for a state read from the provider just now). Answers whether it was applied.
   */
  private async apply(
    db: Db,
    organizationId: string,
    report: ProviderReport,
    at: Date | null,
    extra: SubscriptionChanges = {},
  ): Promise<boolean> {
    const repo = this.repo(db);
    const stored = await repo.lock(organizationId);
    const now = this.clock.now();
    if (!shouldApply(stored, report, at, now)) {
      if (Object.keys(extra).length > 0) await repo.update(organizationId, extra, now);
      return false;
    }
    const newer =
      at && (!stored.provider_updated_at || at > stored.provider_updated_at)
        ? at
        : stored.provider_updated_at;
    await repo.update(
      organizationId,
      {
        provider: report.provider,
        status: report.status,
        plan_code: report.plan ?? stored.plan_code,
        trial_end: report.trial_end,
        current_period_end: report.current_period_end,
        cancel_at_period_end: report.cancel_at_period_end,
        ...(report.provider === 'STRIPE'
          ? { stripe_subscription_id: report.id }
          : { shopify_charge_id: report.id }),
        provider_updated_at: newer,
        ...extra,
      },
      now,
    );
    return true;
  }

  private inTransaction<T>(organizationIds: () => string[], run: (trx: Db) => Promise<T>) {
    return this.db
      .transaction()
      .execute(run)
      .finally(() => {
        for (const id of organizationIds()) this.changed(id);
      });
  }

  // ------------------------------------------------------------------------------ Stripe

  private requireStripe(): StripeGateway {
    if (!this.stripe) throw new AppError(503, billingMessages.stripeUnavailable);
    return this.stripe;
  }

  async stripeCheckout(org: OrgContext, code: PlanCode): Promise<string> {
    this.requireManager(org);
    const stripe = this.requireStripe();
    const plan = await this.planOrThrow(code);
    const repo = this.repo();
    const name = await repo.organizationName(org.id);
    const customer = await stripeCustomerForCheckout(stripe, repo, { id: org.id, name });
    return stripe.checkoutUrl({
      customer,
      trialEnd: trialToCarry(await repo.find(org.id), this.clock.now()),
      price: plan.prices[org.currency].stripe_price_id,
      organizationId: org.id,
      plan: plan.code,
      successUrl: await this.billingUrl(
        org.id,
        'provider=STRIPE&subscription=success&session_id={CHECKOUT_SESSION_ID}',
      ),
      cancelUrl: await this.billingUrl(org.id, 'provider=STRIPE&subscription=cancel'),
    });
  }

  async stripePortal(org: OrgContext): Promise<string> {
    this.requireManager(org);
    const stripe = this.requireStripe();
    const customer = await verifiedStripeCustomer(stripe, this.repo(), org.id);
    if (!customer) throw conflict(billingMessages.noStripeCustomer);
    return stripe.portalUrl(customer, await this.billingUrl(org.id, 'provider=STRIPE'));
  }

  private async stripeReport(db: Db, sub: Stripe.Subscription): Promise<ProviderReport> {
    const item = sub.items.data[0];
    const legacy = sub as unknown as { current_period_end?: number };
    const status = fromStripeStatus(sub.status);
    // An ended subscription's period end is when it ended (cancelled now: today, not the
    // paid-up period's end a month ahead).
    const periodEnd =
      sub.status === 'canceled' || sub.status === 'incomplete_expired'
        ? (sub.ended_at ?? item?.current_period_end ?? legacy.current_period_end)
        : (item?.current_period_end ?? legacy.current_period_end);
    const price = item?.price;
    const plan =
      (await this.repo(db).planForStripe(price?.id ?? null, idOf(price?.product))) ??
      (await this.plan((sub.metadata?.plan as PlanCode | undefined) ?? null))?.code ??
      null;
    return {
      provider: 'STRIPE',
      id: sub.id,
      status,
      plan,
      trial_end: fromUnix(sub.trial_end),
      current_period_end: fromUnix(periodEnd),
      cancel_at_period_end: sub.cancel_at_period_end || sub.cancel_at !== null,
    };
  }

  /** Reads the organisation's subscriptions from Stripe (after the return from Checkout). */
  async stripeSync(org: OrgContext): Promise<Subscription> {
    const stripe = this.requireStripe();
    const customer = await verifiedStripeCustomer(stripe, this.repo(), org.id);
    if (!customer) throw conflict(billingMessages.noStripeCustomer);
    const subs = await stripe.subscriptions(customer);
    // The one that matters: a live one (newest first), else the newest.
    const pick =
      subs.find((s) => !['canceled', 'incomplete_expired'].includes(s.status)) ?? subs[0];
    if (pick) {
      await this.inTransaction(
        () => [org.id],
        async (trx) => this.apply(trx, org.id, await this.stripeReport(trx, pick), null),
      );
    }
    return this.subscription(org.id);
  }

  /** The organisation a Stripe object belongs to: our metadata first, else the stored ids. */
  private async stripeOrganization(
    db: Db,
    metadataOrg: string | null | undefined,
    customer: string | null,
    subscription: string | null,
  ): Promise<string | undefined> {
    const repo = this.repo(db);
    if (metadataOrg && UUID.test(metadataOrg) && (await repo.organizationExists(metadataOrg)))
      return metadataOrg;
    return repo.organizationByStripe(customer, subscription);
  }

  /**
   * POST /v1/webhooks/stripe: signature over the raw body, each event id applied once (in the same
   * transaction as its effect), state changes ordered by the event's time.
   */
  async stripeWebhook(rawBody: string, signature: string | undefined) {
    const stripe = this.requireStripe();
    let event: Stripe.Event;
    try {
      event = stripe.event(rawBody, signature);
    } catch (error) {
      if (error instanceof StripeSignatureError)
        throw badRequest(billingMessages.signatureInvalid, 'stripe-signature');
      if (error instanceof StripePayloadError) throw badRequest(error.message, 'body');
      if (error instanceof StripeNotConfiguredError) throw new AppError(503, error.message);
      throw error;
    }
    const at = new Date(event.created * 1000);
    // Checkout's completion names the subscription: read it first (outside the transaction).
    let fetched: Stripe.Subscription | null = null;
    if (event.type === 'checkout.session.completed') {
      const id = idOf(event.data.object.subscription);
      if (id) fetched = await stripe.subscription(id);
    }
    const touched: string[] = [];
    return this.inTransaction(
      () => touched,
      async (trx) => {
        const inserted = await trx
          .insertInto('processed_webhook_events')
          .values({
            provider: 'stripe',
            event_id: event.id,
            topic: event.type,
            account: customerOf(event),
            received_at: this.clock.now(),
            processed_at: this.clock.now(),
          })
          .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
          .returning('id')
          .executeTakeFirst();
        if (!inserted) return { duplicate: true, applied: false };
        const org = await this.stripeEventOrganization(trx, event);
        if (!org) return { duplicate: false, applied: false };
        touched.push(org);
        const applied = await this.applyStripeEvent(trx, org, event, fetched, at);
        return { duplicate: false, applied };
      },
    );
  }

  private stripeEventOrganization(db: Db, event: Stripe.Event): Promise<string | undefined> {
    switch (event.type) {
      case 'checkout.session.completed': {
        const session = event.data.object;
        return this.stripeOrganization(
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
        return this.stripeOrganization(
          db,
          sub.metadata?.organization_id,
          idOf(sub.customer),
          sub.id,
        );
      }
      case 'invoice.paid':
      case 'invoice.payment_failed':
        return this.stripeOrganization(
          db,
          null,
          idOf(event.data.object.customer),
          invoiceSubscription(event.data.object),
        );
      default:
        return Promise.resolve(undefined);
    }
  }

  private async applyStripeEvent(
    db: Db,
    org: string,
    event: Stripe.Event,
    fetched: Stripe.Subscription | null,
    at: Date,
  ): Promise<boolean> {
    switch (event.type) {
      case 'checkout.session.completed': {
        const customer = idOf(event.data.object.customer);
        const link: SubscriptionChanges = {};
        const stored = await this.repo(db).lock(org);
        if (customer && !stored.stripe_customer_id) link.stripe_customer_id = customer;
        if (!fetched) {
          if (customer && !stored.stripe_customer_id)
            await this.repo(db).update(org, link, this.clock.now());
          return false;
        }
        return this.apply(db, org, await this.stripeReport(db, fetched), at, link);
      }
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
        return this.apply(db, org, await this.stripeReport(db, event.data.object), at);
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
    const repo = this.repo(db);
    const stored = await repo.lock(org);
    const subscription = invoiceSubscription(invoice);
    if (stored.provider !== 'STRIPE' || !subscription) return false;
    if (stored.stripe_subscription_id !== subscription) return false;
    if (stored.provider_updated_at && at < stored.provider_updated_at) return false;
    const from = paid ? ['past_due', 'unpaid', 'incomplete'] : ['active'];
    if (!from.includes(stored.status)) return false;
    await repo.update(
      org,
      { status: paid ? 'active' : 'past_due', provider_updated_at: at },
      this.clock.now(),
    );
    return true;
  }

  // ------------------------------------------------------------------------------ Shopify

  /** The spec's "shop sessions": the organisation's Shopify connections. */
  async shopifySessions(organizationId: string): Promise<ShopSession[]> {
    const rows = await this.repo().shopifyConnections(organizationId);
    return rows.map((r) => ({
      pc_id: r.id,
      shop: r.shop_domain ?? r.external_account_id ?? '',
      alias: r.alias,
      status: r.status,
    }));
  }

  private shopify(): ShopifyBilling {
    const entry = this.connections.channels.shopify;
    return new ShopifyBilling(entry.adapter, entry.sandbox);
  }

  private async shopifyCredentials(connectionId: string) {
    try {
      return await this.connections.credentials(connectionId);
    } catch (error) {
      if (error instanceof ChannelError || error instanceof AppError)
        throw conflict(billingMessages.noShopifyConnection);
      throw error;
    }
  }

  /** Creates an AppSubscription on the organisation's Shopify store; answers its confirmation URL. */
  async shopifyReconnect(org: OrgContext, code: PlanCode): Promise<string> {
    this.requireManager(org);
    const plan = await this.planOrThrow(code);
    const connection = (await this.repo().shopifyConnections(org.id)).find(
      (c) => c.status === 'active',
    );
    if (!connection) throw conflict(billingMessages.noShopifyConnection);
    const credentials = await this.shopifyCredentials(connection.id);
    const ref = randomBytes(12).toString('base64url');
    const billing = this.shopify();
    const { charge, confirmationUrl } = await billing.create(credentials, {
      name: `StockSync ${plan.name}`,
      amount: plan.prices[org.currency].amount,
      currency: org.currency,
      returnUrl: await this.billingUrl(org.id, `provider=SHOPIFY&shopify_sub=${ref}`),
    });
    await this.inTransaction(
      () => [org.id],
      async (trx) => {
        await this.repo(trx).lock(org.id);
        await this.repo(trx).update(
          org.id,
          {
            shopify_pending_charge_id: charge.id,
            shopify_pending_plan: plan.code,
            shopify_pending_connection_id: connection.id,
            shopify_pending_ref: ref,
          },
          this.clock.now(),
        );
      },
    );
    // Status changes then also arrive as app_subscriptions/update; the return's sync suffices.
    await billing
      .subscribeUpdates(credentials, this.connections.channels.webhookUrls.shopify)
      .catch(() => undefined);
    return confirmationUrl;
  }

  private shopifyReport(charge: ShopifyCharge, plan: PlanCode | null): ProviderReport | null {
    const status = fromShopifyStatus(charge.status);
    if (!status) return null;
    return {
      provider: 'SHOPIFY',
      id: charge.id,
      status,
      plan,
      trial_end: null,
      current_period_end: charge.currentPeriodEnd ? new Date(charge.currentPeriodEnd) : null,
      cancel_at_period_end: false,
    };
  }

  /**
   * Reads the pending charge (after the merchant's decision) or the current one from Shopify and
   * applies it. `shopifySub` is the reference of the return URL (or Shopify's charge id).
   */
  async shopifySync(organizationId: string, shopifySub?: string): Promise<Subscription> {
    const row = await this.repo().find(organizationId);
    if (!row) return this.subscription(organizationId);
    const pending = row.shopify_pending_charge_id;
    const matches =
      !shopifySub ||
      shopifySub === row.shopify_pending_ref ||
      (pending !== null && chargeGid(shopifySub) === pending);
    const connectionId =
      (pending && matches ? row.shopify_pending_connection_id : null) ??
      row.connection_id ??
      (await this.repo().shopifyConnections(organizationId)).find((c) => c.status === 'active')?.id;
    if (!connectionId) throw conflict(billingMessages.noShopifyConnection);
    const credentials = await this.shopifyCredentials(connectionId);
    const billing = this.shopify();

    if (pending && matches) {
      const charge = await billing.charge(credentials, pending);
      const report = charge ? this.shopifyReport(charge, row.shopify_pending_plan) : null;
      if (!charge || report) {
        // Decided (approved, declined, expired) or gone: apply it and clear the pending charge.
        await this.inTransaction(
          () => [organizationId],
          async (trx) => {
            const clear: SubscriptionChanges = {
              shopify_pending_charge_id: null,
              shopify_pending_plan: null,
              shopify_pending_connection_id: null,
              shopify_pending_ref: null,
            };
            if (report && report.status === 'active')
              await this.apply(trx, organizationId, report, null, {
                ...clear,
                connection_id: connectionId,
              });
            else await this.repo(trx).update(organizationId, clear, this.clock.now());
          },
        );
      }
    } else if (row.provider === 'SHOPIFY' && row.shopify_charge_id) {
      const charge = await billing.charge(credentials, row.shopify_charge_id);
      const read = charge ? this.shopifyReport(charge, row.plan_code) : null;
      // Shopify keeps a cancelled charge's paid-up period end; the plan ended when we learnt of
      // the cancellation (kept once stored, so later syncs do not move it).
      const endedAt =
        row.status === 'canceled' && row.shopify_charge_id === read?.id
          ? row.current_period_end
          : this.clock.now();
      const report = read?.status === 'canceled' ? { ...read, current_period_end: endedAt } : read;
      if (report)
        await this.inTransaction(
          () => [organizationId],
          (trx) => this.apply(trx, organizationId, report, null),
        );
    }
    return this.subscription(organizationId);
  }

  /**
   * Channel webhooks (from the webhooks job): app_subscriptions/update re-reads the charge from
   * Shopify; app/uninstalled cancels the subscription billed through that shop.
   */
  async onChannelWebhook(job: {
    provider: Platform;
    topic: string;
    kind: string;
    account: string | null;
  }): Promise<void> {
    if (job.provider !== 'shopify' || !job.account) return;
    const uninstalled = job.kind === 'uninstalled';
    if (!uninstalled && job.topic !== 'app_subscriptions/update') return;
    const connections = await this.connections.byExternalAccount('shopify', job.account);
    const ids = connections.map((c) => c.id);
    const orgs = await this.repo().organizationsBilledThrough(ids);
    for (const org of orgs) {
      if (uninstalled) await this.cancelShopify(org, ids);
      else await this.shopifySync(org);
    }
  }

  private async cancelShopify(organizationId: string, connectionIds: string[]): Promise<void> {
    await this.inTransaction(
      () => [organizationId],
      async (trx) => {
        const repo = this.repo(trx);
        const stored = await repo.lock(organizationId);
        const changes: SubscriptionChanges = {};
        if (
          stored.shopify_pending_connection_id &&
          connectionIds.includes(stored.shopify_pending_connection_id)
        ) {
          Object.assign(changes, {
            shopify_pending_charge_id: null,
            shopify_pending_plan: null,
            shopify_pending_connection_id: null,
            shopify_pending_ref: null,
          });
        }
        if (
          stored.provider === 'SHOPIFY' &&
          stored.connection_id &&
          connectionIds.includes(stored.connection_id)
        ) {
          // It ends now, not at the end of the period Shopify had billed.
          Object.assign(changes, {
            status: 'canceled',
            cancel_at_period_end: false,
            current_period_end: this.clock.now(),
          });
        }
        if (Object.keys(changes).length > 0)
          await repo.update(organizationId, changes, this.clock.now());
      },
    );
  }
}

function customerOf(event: Stripe.Event): string | null {
  const object = event.data.object as { customer?: string | { id: string } | null };
  return idOf(object.customer ?? null);
}

/** An invoice's subscription: parent.subscription_details (API 2025-03-31+) or the older field. */
function invoiceSubscription(invoice: Stripe.Invoice): string | null {
  const legacy = invoice as unknown as { subscription?: string | { id: string } | null };
  return idOf(invoice.parent?.subscription_details?.subscription ?? legacy.subscription ?? null);
}
