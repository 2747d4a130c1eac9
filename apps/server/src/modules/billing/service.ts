import type Stripe from 'stripe';
import type { PlanCode, Plan, ShopSession, Subscription } from '@stocksync/contract';
import type { Db } from '../../db/client';
import type { Platform } from '../../db/types';
import type { Currency } from '../../db/tables/organizations';
import type { Clock } from '../../lib/clock';
import type { OrgContext } from '../../plugins/org-scope';
import type { ProductSelection } from '../catalog/product-selection-repository';
import type { CatalogService } from '../catalog/service';
import type { ConnectionsService } from '../connections/service';
import type { MembersService } from '../organizations/members-service';
import type { OrganizationsService } from '../organizations/service';
import { PlanGate } from './plan-gate';
import { Plans } from './plans';
import { ShopifyShopEvents, type ChannelWebhookJob } from './shopify-shop-events';
import { ShopifySubscriptions } from './shopify-subscriptions';
import { isGated } from './state';
import { StripeEvents, type StripeEventOutcome } from './stripe-events';
import type { StripeGateway } from './stripe-gateway';
import { StripeSubscriptions } from './stripe-subscriptions';
import { SubscriptionState } from './subscription-state';
import { usageOf } from './usage';

export interface BillingOptions {
  db: Db;
  clock: Clock;
  connections: ConnectionsService;
  organizations: Pick<OrganizationsService, 'name'>;
  catalog: Pick<CatalogService, 'unsyncedAmong'>;
  members: Pick<MembersService, 'count'>;
  /** Members plus pending invitations once an address is invited (the invitations module). */
  seatsAfterInviting: (organizationId: string, email: string) => Promise<number>;
  /** null: card payments are not configured (the Stripe routes answer 503). */
  stripe: StripeGateway | null;
  appUrl: string;
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/**
 * Plans, the organisation's subscription (Stripe or Shopify, state taken only from the providers:
 * webhooks or sync), and the checks behind the feature gate. Each job lives in its own part.
 */
export class BillingService {
  private readonly plansOf: Plans;
  private readonly state: SubscriptionState;
  private readonly gate: PlanGate;
  private readonly stripe: StripeSubscriptions;
  private readonly stripeEvents: StripeEvents;
  private readonly shopify: ShopifySubscriptions;
  private readonly shopEvents: ShopifyShopEvents;

  constructor(private readonly options: BillingOptions) {
    const { db, clock, connections, organizations } = options;
    const appUrl = options.appUrl.replace(/\/$/, '');
    this.plansOf = new Plans(db);
    this.state = new SubscriptionState(db, clock, this.plansOf);
    const parts = { db, clock, plans: this.plansOf, state: this.state, organizations, appUrl };
    this.gate = new PlanGate(
      db,
      this.state,
      connections,
      options.catalog,
      options.seatsAfterInviting,
    );
    this.stripe = new StripeSubscriptions({ ...parts, stripe: options.stripe });
    this.stripeEvents = new StripeEvents({ ...parts, stripe: options.stripe });
    this.shopify = new ShopifySubscriptions({ ...parts, connections });
    this.shopEvents = new ShopifyShopEvents(this.state, connections, this.shopify, () =>
      clock.now(),
    );
  }

  plans(currency: Currency): Promise<Plan[]> {
    return this.plansOf.inCurrency(currency);
  }

  isGated(organizationId: string): Promise<boolean> {
    return this.state.isGated(organizationId);
  }

  /** The subscription as the web shows it, read fresh (not from the gate's cache). */
  async subscription(organizationId: string): Promise<Subscription> {
    this.state.forget(organizationId);
    const [{ row, plan }, usage] = await Promise.all([
      this.state.current(organizationId),
      usageOf(this.options.db, this.options, organizationId),
    ]);
    return {
      provider: row?.provider ?? null,
      status: row?.status ?? 'canceled',
      plan: plan ? { code: plan.code, name: plan.name } : null,
      trial_end: iso(row?.trial_end ?? null),
      current_period_end: iso(row?.current_period_end ?? null),
      cancel_at_period_end: row?.cancel_at_period_end ?? false,
      is_gated: isGated(row, this.options.clock.now()),
      usage,
    };
  }

  requireAccess(organizationId: string): Promise<void> {
    return this.gate.requireAccess(organizationId);
  }

  checkSyncOn(organizationId: string, selection: ProductSelection, value: boolean | undefined) {
    return this.gate.checkSyncOn(organizationId, selection, value);
  }

  checkNewConnection(organizationId: string, platform: Platform, account: string | undefined) {
    return this.gate.checkNewConnection(organizationId, platform, account);
  }

  checkNewMember(organizationId: string, email: string) {
    return this.gate.checkNewMember(organizationId, email);
  }

  checkJoining(organizationId: string, membersNow: number) {
    return this.gate.checkJoining(organizationId, membersNow);
  }

  stripeCheckout(org: OrgContext, code: PlanCode): Promise<string> {
    return this.stripe.checkout(org, code);
  }

  stripePortal(org: OrgContext): Promise<string> {
    return this.stripe.portal(org);
  }

  async stripeSync(org: OrgContext): Promise<Subscription> {
    await this.stripe.sync(org);
    return this.subscription(org.id);
  }

  /** The Stripe event, if the signature over the raw body is Stripe's (the webhook intake asks). */
  verifyStripeEvent(rawBody: string, signature: string | undefined): Stripe.Event {
    return this.stripeEvents.verify(rawBody, signature);
  }

  /** Applies a Stripe event whose signature was verified (from the webhooks job). */
  applyStripeEvent(event: Stripe.Event): Promise<StripeEventOutcome> {
    return this.stripeEvents.apply(event);
  }

  shopifySessions(organizationId: string): Promise<ShopSession[]> {
    return this.shopify.sessions(organizationId);
  }

  shopifyReconnect(org: OrgContext, code: PlanCode): Promise<string> {
    return this.shopify.reconnect(org, code);
  }

  async shopifySync(organizationId: string, shopifySub?: string): Promise<Subscription> {
    await this.shopify.sync(organizationId, shopifySub);
    return this.subscription(organizationId);
  }

  /** Channel webhooks (from the webhooks job) about the shops subscriptions are billed through. */
  onChannelWebhook(job: ChannelWebhookJob): Promise<void> {
    return this.shopEvents.onChannelWebhook(job);
  }
}
