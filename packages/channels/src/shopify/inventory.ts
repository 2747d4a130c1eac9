import { randomUUID } from 'node:crypto';
import { ValidationError } from '../port/errors';
import type {
  InventoryLevel,
  InventoryRef,
  SetInventoryItem,
  SetInventoryOptions,
  SetInventoryResult,
} from '../port/types';
import type { ShopifyConfig } from './config';
import { gid, type ShopifyGraphql } from './graphql';
import { chunk, readInventoryLevels } from './inventory-read';
import { inventorySetMutation, PRIMARY_LOCATION } from './queries';

export class ShopifyInventory {
  private readonly primaryLocations = new Map<string, string>();

  constructor(
    private readonly graphql: ShopifyGraphql,
    private readonly config: ShopifyConfig,
  ) {}

  read(shop: string, token: string, refs: InventoryRef[]): Promise<InventoryLevel[]> {
    return readInventoryLevels(this.graphql, this.config, shop, token, refs);
  }

  async set(
    shop: string,
    token: string,
    items: SetInventoryItem[],
    options: SetInventoryOptions = {},
  ): Promise<SetInventoryResult[]> {
    const results: Array<SetInventoryResult | undefined> = Array.from(
      { length: items.length },
      () => undefined,
    );
    const rows: Array<{
      index: number;
      itemId: string;
      locationId: string;
      item: SetInventoryItem;
    }> = [];
    const unresolved = items
      .map((item, index) => ({ item, index }))
      .filter(({ item }) => !item.ref.inventoryItemId);
    const resolved = unresolved.length
      ? await this.read(
          shop,
          token,
          unresolved.map(({ item }) => ({ ...item.ref, locationId: undefined })),
        )
      : [];
    const location = items.some((item) => !item.ref.locationId)
      ? await this.primaryLocation(shop, token)
      : '';
    items.forEach((item, index) => {
      const locationId = gid('Location', item.ref.locationId ?? location);
      let itemId = item.ref.inventoryItemId && gid('InventoryItem', item.ref.inventoryItemId);
      if (!itemId) {
        const match = resolved.find(
          (level) =>
            (item.ref.externalVariantId &&
              level.externalVariantId === gid('ProductVariant', item.ref.externalVariantId)) ||
            (!item.ref.externalVariantId && item.ref.sku && level.sku === item.ref.sku),
        );
        itemId = match?.inventoryItemId;
      }
      if (!itemId) {
        results[index] = {
          ref: item.ref,
          status: 'error',
          retryable: false,
          message: 'no such variant on Shopify',
        };
        return;
      }
      rows.push({ index, itemId, locationId, item });
    });
    const key = options.idempotencyKey ?? randomUUID();
    const legacy = this.config.apiVersion < '2026-01';
    // 2025-10 checks every row or none: rows with and without a compare quantity go separately.
    const groups = legacy
      ? [
          rows.filter((r) => r.item.compareQuantity !== undefined),
          rows.filter((r) => r.item.compareQuantity === undefined),
        ]
      : [rows];
    let call = 0;
    for (const group of groups) {
      for (const part of chunk(group, this.config.batchSize)) {
        let pending = part;
        while (pending.length) {
          pending = await this.setRows(shop, token, pending, results, {
            key: `${key}-${call++}`,
            legacy,
            reason: options.reason ?? this.config.inventoryReason,
            referenceDocumentUri: options.referenceDocumentUri ?? this.config.referenceDocumentUri,
          });
        }
      }
    }
    const conflicts = results.flatMap((result, index) =>
      result?.status === 'conflict' ? [index] : [],
    );
    if (conflicts.length) await this.fillActual(shop, token, rows, conflicts, results);
    return results.map(
      (result, index) => result ?? { ref: items[index]!.ref, status: 'ok' as const },
    );
  }

  /** One all-or-nothing call; answers the rows to send again (those without an error of their own). */
  private async setRows(
    shop: string,
    token: string,
    rows: Array<{ index: number; itemId: string; locationId: string; item: SetInventoryItem }>,
    results: Array<SetInventoryResult | undefined>,
    call: { key: string; legacy: boolean; reason: string; referenceDocumentUri: string },
  ) {
    const quantities = rows.map(({ itemId, locationId, item }) => ({
      inventoryItemId: itemId,
      locationId,
      quantity: item.quantity,
      ...(call.legacy
        ? item.compareQuantity !== undefined
          ? { compareQuantity: item.compareQuantity }
          : {}
        : { changeFromQuantity: item.compareQuantity ?? null }),
    }));
    const legacyIgnore = call.legacy && rows.every((row) => row.item.compareQuantity === undefined);
    const input = {
      name: 'available',
      reason: call.reason,
      referenceDocumentUri: call.referenceDocumentUri,
      quantities,
      ...(call.legacy ? { ignoreCompareQuantity: legacyIgnore } : {}),
    };
    const data = await this.graphql.request<{
      inventorySetQuantities: {
        inventoryAdjustmentGroup: { createdAt: string } | null;
        userErrors: Array<{ code: string | null; field: string[] | null; message: string }>;
      };
    }>(
      shop,
      token,
      inventorySetMutation(this.config.apiVersion),
      call.legacy ? { input } : { input, key: call.key },
    );
    const { inventoryAdjustmentGroup: group, userErrors: errors } = data.inventorySetQuantities;
    if (!errors.length) {
      // All or nothing: every row landed, at the group's time (none when nothing changed).
      for (const row of rows)
        results[row.index] = {
          ref: row.item.ref,
          status: 'ok',
          ...(group ? { at: group.createdAt } : {}),
        };
      return [];
    }
    const failed = new Set<number>();
    for (const error of errors) {
      const position =
        error.field?.[0] === 'input' && error.field[1] === 'quantities'
          ? Number(error.field[2])
          : NaN;
      const targets = Number.isInteger(position) && rows[position] ? [rows[position]] : rows;
      for (const row of targets) {
        failed.add(row.index);
        const stale =
          error.code === 'CHANGE_FROM_QUANTITY_STALE' || error.code === 'COMPARE_QUANTITY_STALE';
        results[row.index] = stale
          ? { ref: row.item.ref, status: 'conflict', actual: null, message: error.message }
          : {
              ref: row.item.ref,
              status: 'error',
              retryable: false,
              message: error.message,
              ...(error.code ? { code: error.code } : {}),
            };
      }
    }
    return rows.filter((row) => !failed.has(row.index));
  }

  private async fillActual(
    shop: string,
    token: string,
    rows: Array<{ index: number; itemId: string; locationId: string }>,
    conflicts: number[],
    results: Array<SetInventoryResult | undefined>,
  ) {
    const wanted = rows.filter((row) => conflicts.includes(row.index));
    // At the pushed location only: a few cost points per item, where every level of the item
    // cost about 70 for one (the conflict read then waited most of a second for an empty bucket).
    const levels = await this.read(
      shop,
      token,
      wanted.map((row) => ({ inventoryItemId: row.itemId, locationId: row.locationId })),
    );
    for (const row of wanted) {
      const result = results[row.index];
      const level = levels.find(
        (l) => l.inventoryItemId === row.itemId && l.locationId === row.locationId,
      );
      if (result?.status !== 'conflict') continue;
      result.actual = level?.available ?? null;
      if (level?.updatedAt) result.actualAt = level.updatedAt;
    }
  }

  async primaryLocation(shop: string, token: string): Promise<string> {
    const cached = this.primaryLocations.get(shop);
    if (cached) return cached;
    const data = await this.graphql.request<{ location: { id: string } | null }>(
      shop,
      token,
      PRIMARY_LOCATION,
    );
    const id = data.location?.id;
    if (!id) throw new ValidationError(`shop ${shop} has no primary location`);
    this.primaryLocations.set(shop, id);
    return id;
  }
}
