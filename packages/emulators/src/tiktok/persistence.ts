import type { Clock } from '../core/clock';
import { fieldsCodec, type StateCodec } from '../core/persistence';
import type { TiktokStore } from './state';
import type { TiktokTokens } from './tokens';

const FIELDS = {
  store: [
    'products',
    'productOrder',
    'skus',
    'bySellerSku',
    'orders',
    'ordersById',
    'webhookAddresses',
    'seededKeys',
    'nextProduct',
    'nextSku',
    'nextOrder',
  ],
  tokens: ['codes', 'access', 'refresh'],
  clock: ['offsetMs', 'fixedMs'],
} as const;

/** The shop's products, SKUs and orders, webhook addresses, granted tokens and clock. */
export function tiktokStateCodec(parts: {
  store: TiktokStore;
  tokens: TiktokTokens;
  clock: Clock;
}): StateCodec {
  return fieldsCodec(parts, FIELDS);
}
