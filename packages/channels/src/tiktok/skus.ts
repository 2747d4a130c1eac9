import { AuthError, ChannelError } from '../port/errors';
import { skuChangesByProduct, skuRefusal } from '../port/sku-changes';
import type { SetSkuResult, SkuChange } from '../port/types';
import type { TiktokClient } from './client';

type Credentials = { accessToken: string; shopCipher?: string };

/**
 * Sets seller_sku of each listed SKU with Partial Edit Product, one call per product naming only
 * the SKUs that change (docs/channels/tiktok-shop.md, SKU write-back). A refused or failed call
 * fails that product's changes, retryable as the error says; auth errors are thrown.
 */
export async function setTiktokSkus(
  client: TiktokClient,
  credentials: Credentials,
  changes: SkuChange[],
): Promise<SetSkuResult[]> {
  const { results, byProduct } = skuChangesByProduct(
    changes,
    'the listing names no TikTok product or SKU id',
  );
  for (const [productId, indexes] of byProduct) {
    const skus = indexes.map((i) => ({
      id: changes[i]!.ref.externalVariantId!,
      seller_sku: changes[i]!.sku,
    }));
    try {
      await client.call(
        credentials,
        'POST',
        `/product/202309/products/${encodeURIComponent(productId)}/partial_edit`,
        { body: { skus } },
      );
    } catch (error) {
      if (!(error instanceof ChannelError) || error instanceof AuthError) throw error;
      for (const index of indexes) {
        results[index] = skuRefusal(
          changes[index]!,
          `TikTok refused the SKU: ${error.message}`,
          error.retryable,
          error.code,
        );
      }
    }
  }
  return results;
}
