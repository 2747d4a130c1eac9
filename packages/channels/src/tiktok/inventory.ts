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
   * per product, the products' calls concurrently (the client paces them under the QPS limit).
   * A ref that names its product and SKU is written straight away; others, and any with a
   * compareQuantity (TikTok has no compare-and-set: it is checked by reading first, not
   * atomically), are looked up first. A product the call failed for (refused, rate limited,
   * TikTok down) fails its items, retryable or not, while the other products go on; auth errors
   * are thrown.
   */
  async set(credentials: Credentials, items: SetInventoryItem[]): Promise<SetInventoryResult[]> {
    const results: Array<SetInventoryResult | undefined> = items.map(() => undefined);
    const lookup = items.filter((item) => needsLookup(item));
    const found =
      lookup.length > 0
        ? await findSkus(
            this.client,
            credentials,
            lookup.map((item) => item.ref),
          )
        : [];
    const warehouse = await this.defaultWarehouse(credentials);
    const byProduct = new Map<
      string,
      Array<{ index: number; skuId: string; warehouseId: string }>
    >();
    const add = (productId: string, index: number, skuId: string, warehouseId: string) => {
      const rows = byProduct.get(productId) ?? [];
      rows.push({ index, skuId, warehouseId });
      byProduct.set(productId, rows);
    };
    items.forEach((item, index) => {
      const warehouseId = item.ref.locationId ?? warehouse;
      if (!needsLookup(item)) {
        add(item.ref.externalProductId!, index, item.ref.externalVariantId!, warehouseId);
        return;
      }
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
      add(match.product.id, index, match.sku.id, warehouseId);
    });
    await Promise.all(
      [...byProduct].map(async ([productId, rows]) => {
        for (const result of await this.updateProduct(credentials, productId, rows, items))
          results[result.index] = result.result;
      }),
    );
    return results.map(
      (result, index) => result ?? { ref: items[index]!.ref, status: 'ok' as const },
    );
  }

  /** One product's SKUs in one call; a refused or failed call fails its items only. */
  private async updateProduct(
    credentials: Credentials,
    productId: string,
    rows: Array<{ index: number; skuId: string; warehouseId: string }>,
    items: SetInventoryItem[],
  ): Promise<Array<{ index: number; result: SetInventoryResult }>> {
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
        { body: { skus: [...skus].map(([id, inventory]) => ({ id, inventory })) } },
      );
      return rows.map((row) => ({
        index: row.index,
        result: { ref: items[row.index]!.ref, status: 'ok' },
      }));
    } catch (error) {
      if (!(error instanceof ChannelError) || error instanceof AuthError) throw error;
      return rows.map((row) => ({
        index: row.index,
        result: {
          ref: items[row.index]!.ref,
          status: 'error',
          retryable: error.retryable,
          message: error.message,
          ...(error.code ? { code: error.code } : {}),
        },
      }));
    }
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

/** Items that do not name both their product and SKU, or that must be compared first. */
const needsLookup = (item: SetInventoryItem): boolean =>
  !item.ref.externalProductId || !item.ref.externalVariantId || item.compareQuantity !== undefined;
