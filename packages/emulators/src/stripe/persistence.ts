import { captureFields, restoreFields, type StateCodec } from '../core/persistence';
import type { StripeStore } from './store';

/** The store's objects, their private bookkeeping and the clock offset (everything but caches). */
const STORE_FIELDS = [
  'customers',
  'products',
  'prices',
  'sessions',
  'portalSessions',
  'subscriptions',
  'invoices',
  'events',
  'endpoints',
  'billing',
  'deletedCustomers',
  'subMeta',
  'sessionMeta',
  'portalOpenedAt',
  'clockOffset',
  'virtualNow',
  'invoiceSequence',
] as const;

/**
 * Webhook endpoints set through the control interface are configuration, not state: whoever
 * starts the emulator sets them again (with a secret it knows), so they are not saved.
 */
export function stripeStateCodec(store: StripeStore): StateCodec {
  return {
    capture() {
      const fields = captureFields(store, STORE_FIELDS);
      fields.endpoints = new Map([...store.endpoints].filter(([, e]) => !e.fromControl));
      return fields;
    },
    restore(data) {
      const control = [...store.endpoints].filter(([, e]) => e.fromControl);
      restoreFields(store, data, STORE_FIELDS);
      for (const [id, e] of control) store.endpoints.set(id, e);
    },
  };
}
