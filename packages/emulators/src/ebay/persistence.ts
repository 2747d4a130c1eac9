import type { Clock } from '../core/clock';
import { fieldsCodec, type StateCodec } from '../core/persistence';
import type { Quotas } from './quota';
import type { EbayStore } from './state';
import type { NotificationStore } from './subscriptions';
import type { TokenStore } from './tokens';

const FIELDS = {
  store: [
    'items',
    'skuOrder',
    'skuOrderDirty',
    'offers',
    'offersBySku',
    'groups',
    'orders',
    'ordersById',
    'nextOfferId',
    'nextListingId',
    'nextOrderNumber',
    'nextLineItemId',
  ],
  tokens: ['codes', 'access', 'refresh'],
  notifications: ['alertEmail', 'destinations', 'subscriptions'],
  quotas: ['day', 'used'],
  clock: ['offsetMs', 'fixedMs'],
} as const;

/** The seller's listings and orders, granted tokens, notification set-up, quotas and clock. */
export function ebayStateCodec(parts: {
  store: EbayStore;
  tokens: TokenStore;
  notifications: NotificationStore;
  quotas: Quotas;
  clock: Clock;
}): StateCodec {
  return fieldsCodec(parts, FIELDS);
}
