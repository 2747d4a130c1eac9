import type { Platform } from '../../db/types';
import type { ConnectionsService } from '../connections/service';
import type { ShopifySubscriptions } from './shopify-subscriptions';
import { NO_PENDING_CHARGE } from './shopify-subscriptions';
import type { SubscriptionState } from './subscription-state';
import type { SubscriptionChanges } from './tables';

/** A channel webhook as the webhooks job hands it to billing. */
export interface ChannelWebhookJob {
  provider: Platform;
  topic: string;
  kind: string;
  account: string | null;
}

/**
 * What a shop's webhooks mean for the subscriptions billed through it: app_subscriptions/update
 * re-reads the charge from Shopify; app/uninstalled cancels the subscription.
 */
export class ShopifyShopEvents {
  constructor(
    private readonly state: SubscriptionState,
    private readonly connections: Pick<ConnectionsService, 'byExternalAccount'>,
    private readonly subscriptions: ShopifySubscriptions,
    private readonly now: () => Date,
  ) {}

  async onChannelWebhook(job: ChannelWebhookJob): Promise<void> {
    if (job.provider !== 'shopify' || !job.account) return;
    const uninstalled = job.kind === 'uninstalled';
    if (!uninstalled && job.topic !== 'app_subscriptions/update') return;
    const connections = await this.connections.byExternalAccount('shopify', job.account);
    const ids = connections.map((c) => c.id);
    const orgs = await this.state.repo().organizationsBilledThrough(ids);
    for (const org of orgs) {
      if (uninstalled) await this.cancel(org, ids);
      else await this.subscriptions.sync(org);
    }
  }

  /** The shop is gone: its pending charge is dropped and a subscription billed through it ends now. */
  private async cancel(organizationId: string, connectionIds: string[]): Promise<void> {
    await this.state.inTransaction(
      () => [organizationId],
      async (trx) => {
        const stored = await this.state.repo(trx).lock(organizationId);
        const changes: SubscriptionChanges = {};
        const pendingThrough = stored.shopify_pending_connection_id;
        if (pendingThrough && connectionIds.includes(pendingThrough))
          Object.assign(changes, NO_PENDING_CHARGE);
        if (
          stored.provider === 'SHOPIFY' &&
          stored.connection_id &&
          connectionIds.includes(stored.connection_id)
        ) {
          // It ends now, not at the end of the period Shopify had billed.
          Object.assign(changes, {
            status: 'canceled',
            cancel_at_period_end: false,
            current_period_end: this.now(),
          });
        }
        if (Object.keys(changes).length > 0) await this.state.update(trx, organizationId, changes);
      },
    );
  }
}
