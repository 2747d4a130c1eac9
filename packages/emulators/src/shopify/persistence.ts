import { captureFields, restoreFields, type StateCodec } from '../core/persistence';
import type { ShopifyRuntime } from './runtime';
import { ShopState } from './state';

const RUNTIME_FIELDS = ['shops', 'tokens', 'refreshTokens', 'codes'] as const;

/**
 * Shops (catalogue, stock, orders, webhook subscriptions, app subscriptions), granted tokens and
 * the id sequences, so ids handed out before a restart are never handed out again.
 */
export function shopifyStateCodec(rt: ShopifyRuntime): StateCodec {
  return {
    capture: () => ({ ids: rt.ids, ...captureFields(rt, RUNTIME_FIELDS) }),
    restore(data) {
      const saved = data as { ids: object; shops: Map<string, ShopState> };
      restoreFields(rt.ids, saved.ids, ['next']);
      for (const shop of saved.shops.values()) {
        // The snapshot keeps data, not classes: give shops their methods and the live sequences.
        Object.setPrototypeOf(shop, ShopState.prototype);
        (shop as unknown as { ids: unknown }).ids = rt.ids;
        // A bulk operation cut off by the restart will not finish: report it failed, as Shopify does.
        for (const op of shop.bulkOperations.values()) {
          if (op.status === 'CREATED' || op.status === 'RUNNING' || op.status === 'CANCELING') {
            op.status = op.status === 'CANCELING' ? 'CANCELED' : 'FAILED';
            op.errorCode = op.status === 'FAILED' ? 'INTERNAL_SERVER_ERROR' : null;
            op.completedAt = rt.now();
          }
        }
      }
      restoreFields(rt, data, RUNTIME_FIELDS);
    },
  };
}
