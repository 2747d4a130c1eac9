import { randomUUID } from 'node:crypto';
import type { EbaySettings } from './settings';
import type { Destination, Order, Subscription } from './types';

export const ORDER_CONFIRMATION = 'ORDER_CONFIRMATION';

/**
 * Topics a subscription may name. ORDER_CONFIRMATION is a seller (USER context) topic: subscribed
 * with the seller's user token. Application-context topics (account deletion) are configured in the
 * developer portal here (settings.deletion), not through subscriptions.
 */
export const TOPICS: Record<string, { context: 'USER'; schemaVersions: string[] }> = {
  [ORDER_CONFIRMATION]: { context: 'USER', schemaVersions: ['1.0'] },
};

/** A subscription and whose it is (the seller's userId). */
export interface StoredSubscription extends Subscription {
  subscriptionId: string;
  owner: string;
}

/**
 * Notification API state: the app's alert config, its destinations (one per endpoint, as eBay
 * enforces) and the sellers' subscriptions. Destinations and subscriptions are found by id in O(1);
 * lookups by endpoint or owner scan, which is fine for the handful an app has.
 */
export class NotificationStore {
  alertEmail: string | undefined;
  readonly destinations = new Map<string, Destination & { destinationId: string }>();
  readonly subscriptions = new Map<string, StoredSubscription>();

  constructor(private readonly settings: EbaySettings) {
    this.clear();
  }

  clear(): void {
    this.alertEmail = this.settings.notificationAlertEmail || undefined;
    this.destinations.clear();
    this.subscriptions.clear();
  }

  /** eBay's ids here are opaque hex strings (format unconfirmed). */
  newId(): string {
    return randomUUID().replace(/-/g, '');
  }

  destinationByEndpoint(endpoint: string): Destination | undefined {
    for (const destination of this.destinations.values())
      if (destination.deliveryConfig?.endpoint === endpoint) return destination;
    return undefined;
  }

  subscriptionsOf(owner: string): StoredSubscription[] {
    return [...this.subscriptions.values()].filter((s) => s.owner === owner);
  }

  /** Endpoints of the owner's enabled subscriptions to `topic` whose destination is enabled. */
  endpointsFor(owner: string, topic: string): string[] {
    const out: string[] = [];
    for (const subscription of this.subscriptions.values()) {
      if (subscription.owner !== owner || subscription.topicId !== topic) continue;
      if (subscription.status !== 'ENABLED') continue;
      const destination = this.destinations.get(subscription.destinationId ?? '');
      const endpoint = destination?.deliveryConfig?.endpoint;
      if (destination?.status === 'ENABLED' && endpoint) out.push(endpoint);
    }
    return out;
  }
}

export interface OrderConfirmation {
  metadata: { topic: typeof ORDER_CONFIRMATION; schemaVersion: '1.0'; deprecated: false };
  notification: {
    notificationId: string;
    eventDate: string;
    publishDate: string;
    publishAttemptCount: number;
    data: { orderId: string; lineItemId: string; username: string; userId: string };
  };
}

/**
 * The ORDER_CONFIRMATION notifications of an order, one per line item (eBay's topic description).
 * The envelope is eBay's common one; the `data` field names are (unconfirmed): the order id the
 * seller passes to getOrders, the line item, and the seller named as in account deletion.
 */
export function orderConfirmations(
  order: Order,
  settings: EbaySettings,
  now: number,
): OrderConfirmation[] {
  return (order.lineItems ?? []).map((line) => ({
    metadata: { topic: ORDER_CONFIRMATION, schemaVersion: '1.0', deprecated: false },
    notification: {
      notificationId: `${randomUUID()}_${randomUUID()}`,
      eventDate: order.creationDate ?? new Date(now).toISOString(),
      publishDate: new Date(now).toISOString(),
      publishAttemptCount: 1,
      data: {
        orderId: order.orderId ?? '',
        lineItemId: line.lineItemId ?? '',
        username: settings.account.username,
        userId: settings.account.userId,
      },
    },
  }));
}
