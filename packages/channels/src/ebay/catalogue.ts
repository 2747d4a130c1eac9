import type { ChannelProduct, ChannelVariant, Page } from '../port/types';
import type { EbayRest } from './client';
import type { EbayConfig } from './config';
import type {
  BulkGetInventoryItem,
  BulkGetInventoryItemResponse,
  InventoryItem,
  InventoryItemGroup,
  InventoryItems,
  Offers,
} from './types';

const INVENTORY = '/sell/inventory/v1';

export const chunk = <T>(list: T[], size: number): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
};

export const quantityOf = (item: InventoryItem) =>
  item.availability?.shipToLocationAvailability?.quantity ?? 0;

/** Published offers of a SKU on our marketplace (price and per-marketplace quantity live there). */
export async function offersOf(rest: EbayRest, config: EbayConfig, token: string, sku: string) {
  const answer = await rest.call<Offers>(token, 'GET', `${INVENTORY}/offer`, {
    query: { sku, marketplace_id: config.marketplaceId, limit: 25 },
    // eBay answers 404 when the SKU has no offer.
    ok: [200, 404],
  });
  return (answer?.offers ?? []).filter((offer) => offer.marketplaceId === config.marketplaceId);
}

export async function bulkGetItems(rest: EbayRest, token: string, skus: string[]) {
  const found = new Map<string, InventoryItem>();
  for (const part of chunk(skus, 25)) {
    const body: BulkGetInventoryItem = { requests: part.map((sku) => ({ sku })) };
    const answer = await rest.call<BulkGetInventoryItemResponse>(
      token,
      'POST',
      `${INVENTORY}/bulk_get_inventory_item`,
      { body, ok: [200, 207] },
    );
    for (const response of answer.responses ?? []) {
      if (response.inventoryItem?.sku)
        found.set(response.inventoryItem.sku, response.inventoryItem);
    }
  }
  return found;
}

async function toVariant(
  rest: EbayRest,
  config: EbayConfig,
  token: string,
  item: InventoryItem,
  options: string[],
): Promise<ChannelVariant> {
  const sku = item.sku ?? '';
  const [offer] = await offersOf(rest, config, token, sku);
  const aspects = item.product?.aspects ?? {};
  return {
    externalId: sku,
    sku,
    title: item.product?.title ?? sku,
    optionValues: options.map((name) => aspects[name]?.[0] ?? ''),
    price: offer?.pricingSummary?.price?.value ?? '0',
    ...(offer?.pricingSummary?.price?.currency
      ? { currency: offer.pricingSummary.price.currency }
      : {}),
    quantity: quantityOf(item),
  };
}

/**
 * One page of inventory items as products. A variation group becomes one product, emitted on the
 * page holding its first SKU (so it appears exactly once across pages); its other members are
 * fetched with bulkGetInventoryItem when they sit on other pages.
 */
export async function listCataloguePage(
  rest: EbayRest,
  config: EbayConfig,
  token: string,
  cursor: string | null,
  pageSize: number,
): Promise<Page<ChannelProduct>> {
  const offset = cursor ? Number(cursor) : 0;
  const page = await rest.call<InventoryItems>(token, 'GET', `${INVENTORY}/inventory_item`, {
    query: { limit: pageSize, offset },
  });
  const items = page.inventoryItems ?? [];
  const products: ChannelProduct[] = [];
  const groups = new Map<string, InventoryItemGroup>();
  for (const item of items) {
    const key = item.inventoryItemGroupKeys?.[0] ?? item.groupIds?.[0];
    if (!key) {
      products.push({
        externalId: item.sku ?? '',
        title: item.product?.title ?? item.sku ?? '',
        variants: [await toVariant(rest, config, token, item, [])],
      });
      continue;
    }
    let group = groups.get(key);
    if (!group) {
      group = await rest.call<InventoryItemGroup>(
        token,
        'GET',
        `${INVENTORY}/inventory_item_group/${encodeURIComponent(key)}`,
      );
      groups.set(key, group);
    }
    const members = group.variantSKUs ?? [];
    if (members[0] !== item.sku) continue;
    const onPage = new Map(items.map((i) => [i.sku ?? '', i]));
    const missing = members.filter((sku) => !onPage.has(sku));
    const fetched = missing.length ? await bulkGetItems(rest, token, missing) : new Map();
    const options = (group.variesBy?.specifications ?? []).map((spec) => spec.name ?? '');
    const variants: ChannelVariant[] = [];
    for (const sku of members) {
      const member = onPage.get(sku) ?? fetched.get(sku);
      if (member) variants.push(await toVariant(rest, config, token, member, options));
    }
    products.push({ externalId: key, title: group.title ?? key, variants });
  }
  const next = offset + items.length;
  return {
    items: products,
    nextCursor: items.length && next < (page.total ?? 0) ? String(next) : null,
  };
}
