import type { InventoryChanges } from '../port/types';
import { gid, type ShopifyGraphql } from './graphql';
import { INVENTORY_CHANGES } from './queries';

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
 * One page of the levels at `location` whose `updated_at` is at or after `since` (Shopify's time),
 * from `after`. At or after: a change in the same second as the newest one the last check saw is
 * found again, and one already known is recognised by its quantity. `until` is the newest time
 * answered (or `since`); `next` the cursor of the next page, if any. One page a call: the caller
 * paces the pages (changes-pace.ts) and lets the account's pushes run between them.
 */
export async function readInventoryChanges(
  graphql: ShopifyGraphql,
  shop: string,
  token: string,
  request: { since: string; locationId: string; after: string | null; first: number },
): Promise<Omit<InventoryChanges, 'cost'>> {
  const location = gid('Location', request.locationId);
  const query = `updated_at:>='${new Date(request.since).toISOString().replace(/\.\d{3}Z$/, 'Z')}'`;
  const data = await graphql.request<ChangesPage>(shop, token, INVENTORY_CHANGES, {
    location,
    query,
    first: request.first,
    after: request.after,
  });
  const page = data.location?.inventoryLevels;
  let until = request.since;
  const levels: InventoryChanges['levels'] = (page?.nodes ?? []).map((node) => {
    if (Date.parse(node.updatedAt) > Date.parse(until)) until = node.updatedAt;
    return {
      inventoryItemId: node.item.id,
      locationId: location,
      available: node.quantities.find((q) => q.name === 'available')?.quantity ?? 0,
      updatedAt: node.updatedAt,
    };
  });
  const next = page?.pageInfo.hasNextPage ? page.pageInfo.endCursor : null;
  return { levels, until, next };
}
