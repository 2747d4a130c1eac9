import { AuthError, ChannelError, ValidationError } from '../port/errors';
import type { SetInventoryItem, SetInventoryResult } from '../port/types';
import { findSkus } from './catalogue';
import type { TiktokClient } from './client';
import type { WarehousesData } from './types';

type Credentials = { accessToken: string; shopCipher?: string };

export class TiktokInventory {
  private readonly defaultWarehouses = new Map<string, string>();

  constructor(private readonly client: TiktokClient) {}

  /**
   * Absolute quantities per warehouse (default sales warehouse unless the ref names one), one call
   * per product. TikTok has no compare-and-set: a compareQuantity is checked by reading first (not
   * atomic). A product the call failed for (refused, rate limited, TikTok down) fails its items,
   * retryable or not, while the other products go on; auth errors are thrown. Calls are paced under
   * the shop's QPS limit by the client.
   */
  async set(credentials: Credentials, items: SetInventoryItem[]): Promise<SetInventoryResult[]> {
    const results: Array<SetInventoryResult | undefined> = items.map(() => undefined);
    const found = await findSkus(
      this.client,
      credentials,
      items.map((item) => item.ref),
    );
    const warehouse = await this.defaultWarehouse(credentials);
    const byProduct = new Map<
      string,
      Array<{ index: number; skuId: string; warehouseId: string }>
    >();
    items.forEach((item, index) => {
      const match = found.find(({ sku }) =>
        item.ref.externalVariantId
          ? sku.id === item.ref.externalVariantId
          : sku.seller_sku === item.ref.sku,
      );
      if (!match) {
        results[index] = {
          ref: item.ref,
          status: 'error',
          retryable: false,
          message: 'no such SKU on TikTok',
        };
        return;
      }
      const warehouseId = item.ref.locationId ?? warehouse;
      if (item.compareQuantity !== undefined) {
        const actual =
          match.sku.inventory.find((entry) => entry.warehouse_id === warehouseId)?.quantity ?? 0;
        if (actual !== item.compareQuantity) {
          results[index] = {
            ref: item.ref,
            status: 'conflict',
            actual,
            message: 'quantity changed on TikTok',
          };
          return;
        }
      }
      const rows = byProduct.get(match.product.id) ?? [];
      rows.push({ index, skuId: match.sku.id, warehouseId });
      byProduct.set(match.product.id, rows);
    });
    for (const [productId, rows] of byProduct) {
      const skus = new Map<string, Array<{ warehouse_id: string; quantity: number }>>();
      for (const row of rows) {
        const list = skus.get(row.skuId) ?? [];
        list.push({ warehouse_id: row.warehouseId, quantity: items[row.index]!.quantity });
        skus.set(row.skuId, list);
      }
      try {
        await this.client.call(
          credentials,
          'POST',
          `/product/202309/products/${encodeURIComponent(productId)}/inventory/update`,
          {
            body: { skus: [...skus].map(([id, inventory]) => ({ id, inventory })) },
          },
        );
        for (const row of rows) results[row.index] = { ref: items[row.index]!.ref, status: 'ok' };
      } catch (error) {
        // A refused or failed product fails its items; the other products of the batch go on.
        if (!(error instanceof ChannelError) || error instanceof AuthError) throw error;
        for (const row of rows)
          results[row.index] = {
            ref: items[row.index]!.ref,
            status: 'error',
            retryable: error.retryable,
            message: error.message,
            ...(error.code ? { code: error.code } : {}),
          };
      }
    }
    return results.map(
      (result, index) => result ?? { ref: items[index]!.ref, status: 'ok' as const },
    );
  }

  async defaultWarehouse(credentials: Credentials): Promise<string> {
    const key = credentials.shopCipher ?? '';
    const cached = this.defaultWarehouses.get(key);
    if (cached) return cached;
    const data = await this.client.call<WarehousesData>(
      credentials,
      'GET',
      '/logistics/202309/warehouses',
    );
    const sales = data.warehouses.filter((w) => w.type === 'SALES_WAREHOUSE');
    const chosen = sales.find((w) => w.is_default) ?? sales[0];
    if (!chosen) throw new ValidationError('the TikTok shop has no sales warehouse');
    this.defaultWarehouses.set(key, chosen.id);
    return chosen.id;
  }
}
