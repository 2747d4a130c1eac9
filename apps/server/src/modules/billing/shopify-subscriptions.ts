import { randomBytes } from 'node:crypto';
import { ChannelError } from '@stocksync/channels';
import { billingMessages, type PlanCode, type ShopSession } from '@stocksync/contract';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { AppError, conflict } from '../../lib/errors';
import type { OrgContext } from '../../plugins/org-scope';
import type { ConnectionsService } from '../connections/service';
import { billingPageUrl, type OrganizationNames } from './billing-page';
import type { Plans } from './plans';
import { ShopifyBilling, chargeGid, type ShopifyCharge } from './shopify-billing';
import { fromShopifyStatus, type ProviderReport } from './state';
import type { SubscriptionState } from './subscription-state';
import type { SubscriptionChanges } from './tables';

export interface ShopifyBillingOptions {
  db: Db;
  clock: Clock;
  plans: Plans;
  state: SubscriptionState;
  organizations: OrganizationNames;
  connections: Pick<ConnectionsService, 'channels' | 'credentials' | 'shopifyConnections'>;
  appUrl: string;
}

/** The pending charge's columns, cleared once the merchant decided (or the shop went). */
export const NO_PENDING_CHARGE: SubscriptionChanges = {
  shopify_pending_charge_id: null,
  shopify_pending_plan: null,
  shopify_pending_connection_id: null,
  shopify_pending_ref: null,
};

function shopifyReport(charge: ShopifyCharge, plan: PlanCode | null): ProviderReport | null {
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

/** Paying through the Shopify store: app subscriptions created, confirmed and read back. */
export class ShopifySubscriptions {
  constructor(private readonly o: ShopifyBillingOptions) {}

  /** The spec's "shop sessions": the organisation's Shopify connections. */
  async sessions(organizationId: string): Promise<ShopSession[]> {
    const rows = await this.o.connections.shopifyConnections(organizationId);
    return rows.map((r) => ({
      pc_id: r.id,
      shop: r.shop_domain ?? r.external_account_id ?? '',
      alias: r.alias,
      status: r.status,
    }));
  }

  private async activeConnection(organizationId: string): Promise<string | undefined> {
    const rows = await this.o.connections.shopifyConnections(organizationId);
    return rows.find((c) => c.status === 'active')?.id;
  }

  private billing(): ShopifyBilling {
    const entry = this.o.connections.channels.shopify;
    return new ShopifyBilling(entry.adapter, entry.sandbox);
  }

  private async credentials(connectionId: string) {
    try {
      return await this.o.connections.credentials(connectionId);
    } catch (error) {
      if (error instanceof ChannelError || error instanceof AppError)
        throw conflict(billingMessages.noShopifyConnection);
      throw error;
    }
  }

  /** Creates an AppSubscription on the organisation's Shopify store; answers its confirmation URL. */
  async reconnect(org: OrgContext, code: PlanCode): Promise<string> {
    const plan = await this.o.plans.requested(code);
    const connectionId = await this.activeConnection(org.id);
    if (!connectionId) throw conflict(billingMessages.noShopifyConnection);
    const credentials = await this.credentials(connectionId);
    const ref = randomBytes(12).toString('base64url');
    const billing = this.billing();
    const { charge, confirmationUrl } = await billing.create(credentials, {
      name: `StockSync ${plan.name}`,
      amount: plan.prices[org.currency].amount,
      currency: org.currency,
      returnUrl: await billingPageUrl(
        this.o.organizations,
        this.o.appUrl,
        org.id,
        `provider=SHOPIFY&shopify_sub=${ref}`,
      ),
    });
    await this.o.state.inTransaction(
      () => [org.id],
      async (trx) => {
        await this.o.state.repo(trx).lock(org.id);
        await this.o.state.update(trx, org.id, {
          shopify_pending_charge_id: charge.id,
          shopify_pending_plan: plan.code,
          shopify_pending_connection_id: connectionId,
          shopify_pending_ref: ref,
        });
      },
    );
    // Status changes then also arrive as app_subscriptions/update; the return's sync suffices.
    await billing
      .subscribeUpdates(credentials, this.o.connections.channels.webhookUrls.shopify)
      .catch(() => undefined);
    return confirmationUrl;
  }

  /**
   * Reads the pending charge (after the merchant's decision) or the current one from Shopify and
   * applies it. `shopifySub` is the reference of the return URL (or Shopify's charge id).
   */
  async sync(organizationId: string, shopifySub?: string): Promise<void> {
    const { state, clock } = this.o;
    const row = await state.repo().find(organizationId);
    if (!row) return;
    const pending = row.shopify_pending_charge_id;
    const matches =
      !shopifySub ||
      shopifySub === row.shopify_pending_ref ||
      (pending !== null && chargeGid(shopifySub) === pending);
    const connectionId =
      (pending && matches ? row.shopify_pending_connection_id : null) ??
      row.connection_id ??
      (await this.activeConnection(organizationId));
    if (!connectionId) throw conflict(billingMessages.noShopifyConnection);
    const credentials = await this.credentials(connectionId);
    const billing = this.billing();

    if (pending && matches) {
      const charge = await billing.charge(credentials, pending);
      const report = charge ? shopifyReport(charge, row.shopify_pending_plan) : null;
      // Decided (approved, declined, expired) or gone: apply it and clear the pending charge.
      if (charge && !report) return;
      await state.inTransaction(
        () => [organizationId],
        async (trx) => {
          if (report && report.status === 'active')
            await state.apply(trx, organizationId, report, null, {
              ...NO_PENDING_CHARGE,
              connection_id: connectionId,
            });
          else await state.update(trx, organizationId, NO_PENDING_CHARGE);
        },
      );
    } else if (row.provider === 'SHOPIFY' && row.shopify_charge_id) {
      const charge = await billing.charge(credentials, row.shopify_charge_id);
      const read = charge ? shopifyReport(charge, row.plan_code) : null;
      // Shopify keeps a cancelled charge's paid-up period end; the plan ended when we learnt of
      // the cancellation (kept once stored, so later syncs do not move it).
      const endedAt =
        row.status === 'canceled' && row.shopify_charge_id === read?.id
          ? row.current_period_end
          : clock.now();
      const report = read?.status === 'canceled' ? { ...read, current_period_end: endedAt } : read;
      if (report)
        await state.inTransaction(
          () => [organizationId],
          (trx) => state.apply(trx, organizationId, report, null),
        );
    }
  }
}
