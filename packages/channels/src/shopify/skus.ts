import { AuthError, ChannelError } from '../port/errors';
import { skuChangesByProduct, skuRefusal } from '../port/sku-changes';
import type { SetSkuResult, SkuChange } from '../port/types';
import { gid, type ShopifyGraphql } from './graphql';
import { VARIANTS_SKU_UPDATE } from './queries';

interface SkuUpdateData {
  productVariantsBulkUpdate: {
    productVariants: Array<{ id: string }> | null;
    userErrors: Array<{ code: string | null; field: string[] | null; message: string }>;
  };
}

/**
 * Sets variants' SKUs, one productVariantsBulkUpdate per product. A userError names its variant by
 * index (`variants.N...`) and refuses that variant only; a failed call fails its product's
 * changes (retryable as the error says); auth errors are thrown for the connection to handle.
 */
export async function setShopifySkus(
  graphql: ShopifyGraphql,
  shop: string,
  token: string,
  changes: SkuChange[],
): Promise<SetSkuResult[]> {
  const { results, byProduct } = skuChangesByProduct(
    changes,
    'the listing names no Shopify product or variant',
  );
  for (const [productId, indexes] of byProduct) {
    const variants = indexes.map((i) => ({
      id: gid('ProductVariant', changes[i]!.ref.externalVariantId!),
      inventoryItem: { sku: changes[i]!.sku },
    }));
    try {
      const data = await graphql.request<SkuUpdateData>(shop, token, VARIANTS_SKU_UPDATE, {
        productId: gid('Product', productId),
        variants,
      });
      for (const error of data.productVariantsBulkUpdate.userErrors) {
        const position = error.field?.[0] === 'variants' ? Number(error.field[1]) : NaN;
        const targets = Number.isInteger(position) ? [indexes[position]!] : indexes;
        for (const index of targets) {
          results[index] = skuRefusal(
            changes[index]!,
            `Shopify refused the SKU: ${error.message}`,
            false,
            error.code ?? undefined,
          );
        }
      }
    } catch (error) {
      if (!(error instanceof ChannelError) || error instanceof AuthError) throw error;
      for (const index of indexes)
        results[index] = skuRefusal(changes[index]!, error.message, error.retryable, error.code);
    }
  }
  return results;
}
