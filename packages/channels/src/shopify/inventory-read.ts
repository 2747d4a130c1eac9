import { ValidationError } from '../port/errors';
import type { InventoryLevel, InventoryRef } from '../port/types';
import type { ShopifyConfig } from './config';
import { gid, type ShopifyGraphql } from './graphql';
import { INVENTORY_AT_LOCATION, inventoryByIdsQuery, inventoryBySkuQuery } from './queries';

interface LevelNode {
  location: { id: string };
  updatedAt: string;
  quantities: Array<{ name: string; quantity: number }>;
}

interface ItemNode {
  id: string;
  sku: string | null;
  /** Before 2026-01 (deprecated since). */
  variant?: { id: string } | null;
  /** From 2026-01: an item's one variant. */
  variants?: { nodes: Array<{ id: string }> };
  inventoryLevels: { nodes: LevelNode[] };
}

/** A few cost points per item at one location (see INVENTORY_AT_LOCATION); well under 1000 per call. */
const AT_LOCATION_PER_CALL = 100;

export const chunk = <T>(list: T[], size: number): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
};

function levelsOf(item: ItemNode): InventoryLevel[] {
  const variant = item.variants?.nodes[0] ?? item.variant;
  return item.inventoryLevels.nodes.map((level) => ({
    inventoryItemId: item.id,
    ...(variant ? { externalVariantId: variant.id } : {}),
    sku: item.sku ?? '',
    locationId: level.location.id,
    available: availableOf(level),
    updatedAt: level.updatedAt,
  }));
}

const availableOf = (level: Pick<LevelNode, 'quantities'>) =>
  level.quantities.find((q) => q.name === 'available')?.quantity ?? 0;

const skuQuery = (skus: string[]) =>
  skus.map((sku) => `sku:'${sku.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`).join(' OR ');

/** Available quantities per location of inventory items named by item, variant or SKU. */
export async function readInventoryLevels(
  graphql: ShopifyGraphql,
  config: ShopifyConfig,
  shop: string,
  token: string,
  refs: InventoryRef[],
): Promise<InventoryLevel[]> {
  // Items at a named location (what sync asks for): one level each, a few cost points per item.
  const located = new Map<string, Set<string>>();
  const rest: InventoryRef[] = [];
  for (const ref of refs) {
    if (!ref.inventoryItemId || !ref.locationId) {
      rest.push(ref);
      continue;
    }
    const location = gid('Location', ref.locationId);
    const items = located.get(location) ?? new Set<string>();
    items.add(gid('InventoryItem', ref.inventoryItemId));
    located.set(location, items);
  }
  const out: InventoryLevel[] = [];
  for (const [location, items] of located)
    for (const part of chunk([...items], AT_LOCATION_PER_CALL)) {
      const data = await graphql.request<{
        nodes: Array<{
          id: string;
          inventoryLevel: Pick<LevelNode, 'quantities' | 'updatedAt'> | null;
        } | null>;
      }>(shop, token, INVENTORY_AT_LOCATION, { ids: part, location });
      for (const node of data.nodes)
        if (node?.inventoryLevel)
          out.push({
            inventoryItemId: node.id,
            locationId: location,
            available: availableOf(node.inventoryLevel),
            updatedAt: node.inventoryLevel.updatedAt,
          });
    }
  if (rest.length === 0) return out;
  return [...out, ...(await readAllLevels(graphql, config, shop, token, rest))];
}

async function readAllLevels(
  graphql: ShopifyGraphql,
  config: ShopifyConfig,
  shop: string,
  token: string,
  refs: InventoryRef[],
): Promise<InventoryLevel[]> {
  const ids = new Set<string>();
  const skus = new Set<string>();
  for (const ref of refs) {
    if (ref.inventoryItemId) ids.add(gid('InventoryItem', ref.inventoryItemId));
    else if (ref.externalVariantId) ids.add(gid('ProductVariant', ref.externalVariantId));
    else if (ref.sku) skus.add(ref.sku);
    else throw new ValidationError('inventory ref needs an inventory item, variant or SKU');
  }
  const items: ItemNode[] = [];
  const levels = config.maxLocations;
  // Requested cost per item is about 6 + 3 x levels; keep each call under 1000 points.
  const perCall = Math.max(1, Math.floor(900 / (6 + 3 * levels)));
  for (const part of chunk([...ids], perCall)) {
    const data = await graphql.request<{
      nodes: Array<(ItemNode & { inventoryItem?: undefined }) | { inventoryItem: ItemNode } | null>;
    }>(shop, token, inventoryByIdsQuery(config.apiVersion), { ids: part, levels });
    for (const node of data.nodes) {
      if (!node) continue;
      items.push(
        'inventoryItem' in node && node.inventoryItem ? node.inventoryItem : (node as ItemNode),
      );
    }
  }
  // A SKU may sit on more than one variant: ask for twice as many variants as SKUs.
  for (const part of chunk([...skus], Math.max(1, Math.floor(perCall / 2)))) {
    const data = await graphql.request<{
      productVariants: { nodes: Array<{ inventoryItem: ItemNode }> };
    }>(shop, token, inventoryBySkuQuery(config.apiVersion), {
      query: skuQuery(part),
      first: part.length * 2,
      levels,
    });
    items.push(...data.productVariants.nodes.map((node) => node.inventoryItem));
  }
  const wantedLocations = new Set(
    refs.flatMap((ref) => (ref.locationId ? [gid('Location', ref.locationId)] : [])),
  );
  const seen = new Set<string>();
  return items.flatMap(levelsOf).filter((level) => {
    const key = `${level.inventoryItemId}@${level.locationId}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return wantedLocations.size === 0 || wantedLocations.has(level.locationId!);
  });
}
