import type { InventoryChanges } from '../port/types';
import { gid, type ShopifyGraphql } from './graphql';
import { INVENTORY_CHANGES } from './queries';

/** Levels per call: the requested cost is reserved up front (about 3 points a level). */
const CHANGES_PER_CALL = 100;

interface ChangesPage {
  location: {
    inventoryLevels: {
      pageInfo: { hasNextPage: boolean; endCursor: string | null };
      nodes: Array<{
        item: { id: string };
        updatedAt: string;
        quantities: Array<{ name: string; quantity: number }>;
      }>;
    };
  } | null;
}

/**
 * Levels at `location` whose `updated_at` is at or after `since` (Shopify's time). At or after:
 * a change in the same second as the newest one the last check saw is found again, and one
 * already known is recognised by its quantity. `until` is the newest time answered (or `since`).
 */
export async function readInventoryChanges(
  graphql: ShopifyGraphql,
  shop: string,
  token: string,
  request: { since: string; locationId: string },
): Promise<InventoryChanges> {
  const location = gid('Location', request.locationId);
  const query = `updated_at:>='${new Date(request.since).toISOString().replace(/\.\d{3}Z$/, 'Z')}'`;
  const levels: InventoryChanges['levels'] = [];
  let until = request.since;
  let after: string | null = null;
  do {
    const data: ChangesPage = await graphql.request<ChangesPage>(shop, token, INVENTORY_CHANGES, {
      location,
      query,
      first: CHANGES_PER_CALL,
      after,
    });
    const page = data.location?.inventoryLevels;
    if (!page) break;
    for (const node of page.nodes) {
      levels.push({
        inventoryItemId: node.item.id,
        locationId: location,
        available: node.quantities.find((q) => q.name === 'available')?.quantity ?? 0,
        updatedAt: node.updatedAt,
      });
      if (Date.parse(node.updatedAt) > Date.parse(until)) until = node.updatedAt;
    }
    after = page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null;
  } while (after);
  return { levels, until };
}
