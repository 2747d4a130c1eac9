import type { SetSkuResult, SkuChange } from './types';

/** A change the channel did not take, retryable or not as its error said. */
export function skuRefusal(
  change: SkuChange,
  message: string,
  retryable: boolean,
  code?: string,
): SetSkuResult {
  return { ref: change.ref, status: 'error', retryable, message, ...(code ? { code } : {}) };
}

/**
 * Results all ok to start with, and the changes' indexes by product (channels set SKUs one product
 * per call); a change naming no product or variant is refused with `missing` at once.
 */
export function skuChangesByProduct(
  changes: readonly SkuChange[],
  missing: string,
): { results: SetSkuResult[]; byProduct: Map<string, number[]> } {
  const results: SetSkuResult[] = changes.map((change) => ({ ref: change.ref, status: 'ok' }));
  const byProduct = new Map<string, number[]>();
  changes.forEach((change, index) => {
    const productId = change.ref.externalProductId;
    if (!productId || !change.ref.externalVariantId) {
      results[index] = skuRefusal(change, missing, false);
      return;
    }
    byProduct.set(productId, [...(byProduct.get(productId) ?? []), index]);
  });
  return { results, byProduct };
}
