import type {
  ChannelProduct,
  ChannelVariant,
  InventoryLevel,
  InventoryRef,
  Page,
} from '../port/types';
import { matchesSearch, scanPages, searchWords } from '../port/search';
import type { TiktokClient } from './client';
import type { SearchData, TiktokProduct, TiktokSku } from './types';

type Credentials = { accessToken: string; shopCipher?: string };

const SEARCH = '/product/202309/products/search';

export function toVariant(product: TiktokProduct, sku: TiktokSku): ChannelVariant {
  const options = (sku.sales_attributes ?? []).map((attribute) => attribute.value_name);
  return {
    externalId: sku.id,
    sku: sku.seller_sku,
    title: options.length ? options.join(' / ') : product.title,
    optionValues: options,
    price: sku.price.sale_price,
    ...(sku.price.currency ? { currency: sku.price.currency } : {}),
    quantity: sku.inventory.reduce((sum, entry) => sum + entry.quantity, 0),
  };
}

/**
 * Search (page token) then detail per product for variant options (search omits sales_attributes).
 * The search request has no title or keyword filter (docs/channels §3.4: status, seller_skus, times,
 * sku_ids), so a text search reads up to SEARCH_SCAN_MAX_PAGES pages of 100 summaries (500
 * products) per call, keeps those whose summary matches (port/search.ts) and fetches only their
 * details.
 */
export async function listCataloguePage(
  client: TiktokClient,
  credentials: Credentials,
  cursor: string | null,
  pageSize: number,
  search?: string,
): Promise<Page<ChannelProduct>> {
  const searchPage = async (token: string | null, size: number): Promise<Page<TiktokProduct>> => {
    const page = await client.call<SearchData>(credentials, 'POST', SEARCH, {
      query: { page_size: size, page_token: token ?? undefined },
      body: {},
    });
    return { items: page.products, nextCursor: page.next_page_token || null };
  };
  const page =
    search && searchWords(search).length > 0
      ? await scanPages(
          (token) => searchPage(token, 100),
          (summary) =>
            matchesSearch(
              search,
              summary.title,
              (summary.skus ?? []).map((sku) => sku.seller_sku),
            ),
          { cursor, wanted: pageSize },
        )
      : await searchPage(cursor, pageSize);
  const items: ChannelProduct[] = [];
  for (const summary of page.items) {
    const product = await client.call<TiktokProduct>(
      credentials,
      'GET',
      `/product/202309/products/${encodeURIComponent(summary.id)}`,
    );
    items.push({
      externalId: product.id,
      title: product.title,
      variants: product.skus.map((sku) => toVariant(product, sku)),
    });
  }
  return { items, nextCursor: page.nextCursor };
}

/** Products holding the given refs (by SKU id, else seller SKU), via search filters. */
export async function findSkus(
  client: TiktokClient,
  credentials: Credentials,
  refs: InventoryRef[],
): Promise<Array<{ product: TiktokProduct; sku: TiktokSku }>> {
  const ids = [...new Set(refs.flatMap((r) => (r.externalVariantId ? [r.externalVariantId] : [])))];
  const sellerSkus = [
    ...new Set(refs.flatMap((r) => (!r.externalVariantId && r.sku ? [r.sku] : []))),
  ];
  const found = new Map<string, { product: TiktokProduct; sku: TiktokSku }>();
  const search = async (filter: Record<string, string[]>) => {
    let token: string | undefined;
    do {
      const page: SearchData = await client.call<SearchData>(credentials, 'POST', SEARCH, {
        query: { page_size: 100, page_token: token },
        body: filter,
      });
      for (const product of page.products)
        for (const sku of product.skus) found.set(sku.id, { product, sku });
      token = page.next_page_token || undefined;
    } while (token);
  };
  for (let i = 0; i < ids.length; i += 50) await search({ sku_ids: ids.slice(i, i + 50) });
  for (let i = 0; i < sellerSkus.length; i += 50)
    await search({ seller_skus: sellerSkus.slice(i, i + 50) });
  return [...found.values()].filter(
    ({ sku }) =>
      ids.includes(sku.id) || (sellerSkus.includes(sku.seller_sku) && sku.seller_sku !== ''),
  );
}

export async function readInventory(
  client: TiktokClient,
  credentials: Credentials,
  refs: InventoryRef[],
): Promise<InventoryLevel[]> {
  const skus = await findSkus(client, credentials, refs);
  return skus.flatMap(({ product, sku }) =>
    sku.inventory.map((entry) => ({
      externalProductId: product.id,
      externalVariantId: sku.id,
      sku: sku.seller_sku,
      locationId: entry.warehouse_id,
      available: entry.quantity,
    })),
  );
}
