import type { Clock } from '../core/clock';
import { captureFields, restoreFields, type StateCodec } from '../core/persistence';
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
