import type { Clock } from '../core/clock';
import { captureFields, restoreFields, type StateCodec } from '../core/persistence';
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
  const names = Object.keys(FIELDS) as Array<keyof typeof FIELDS>;
  return {
    capture: () =>
      Object.fromEntries(names.map((name) => [name, captureFields(parts[name], FIELDS[name])])),
    restore(data) {
      const saved = data as Record<string, unknown>;
      for (const name of names) restoreFields(parts[name], saved[name], FIELDS[name]);
    },
  };
}
