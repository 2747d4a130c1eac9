import { TransientError, ValidationError } from '../port/errors';
import { searchWords } from '../port/search';
import type { ChannelProduct, ChannelVariant, Page } from '../port/types';
import { send } from '../http/fetch';
import type { ShopifyGraphql } from './graphql';
import type { ShopifyConfig } from './config';
import type { FetchLike } from '../http/fetch';
import {
  BULK_CATALOGUE,
  BULK_POLL,
  BULK_RUN,
  CATALOGUE_PAGE,
  PRODUCT_VARIANTS_PAGE,
  SHOP_CURRENCY,
} from './queries';

interface VariantNode {
  id: string;
  sku: string | null;
  title: string;
  price: string;
  inventoryQuantity: number | null;
  selectedOptions: Array<{ name: string; value: string }>;
  inventoryItem: { id: string } | null;
}
interface Connection<T> {
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
  nodes: T[];
}
interface ProductNode {
  id: string;
  title: string;
  variants: Connection<VariantNode>;
}

/** A variant; its price is in the shop's currency (`currency`). */
export function toVariant(node: VariantNode, currency: string): ChannelVariant {
  return {
    externalId: node.id,
    sku: node.sku ?? '',
    title: node.title,
    optionValues: node.selectedOptions.map((option) => option.value),
    price: node.price,
    currency,
    ...(node.inventoryItem ? { inventoryItemId: node.inventoryItem.id } : {}),
    quantity: node.inventoryQuantity ?? 0,
  };
}

export interface CatalogueDeps {
  graphql: ShopifyGraphql;
  config: ShopifyConfig;
  fetch: FetchLike;
  sleep: (ms: number) => Promise<void>;
  now: () => number;
}

/**
 * The `products(query:)` search for port/search.ts's meaning: every word in the title, or the whole
 * search as a SKU — `(title:"red" title:"tee") OR sku:"red tee"`. Quotes and backslashes are
 * dropped from the words (they would end or escape the quoted value); null when nothing is left.
 */
export function shopifySearchQuery(search: string | undefined): string | null {
  const words = searchWords(search?.replace(/["\\]/g, ' '));
  if (words.length === 0) return null;
  const title = words.map((word) => `title:"${word}"`).join(' ');
  return `(${title}) OR sku:"${words.join(' ')}"`;
}

export async function listCataloguePage(
  deps: CatalogueDeps,
  shop: string,
  token: string,
  cursor: string | null,
  pageSize: number,
  search?: string,
): Promise<Page<ChannelProduct>> {
  const data = await deps.graphql.request<{
    shop: { currencyCode: string };
    products: Connection<ProductNode>;
  }>(shop, token, CATALOGUE_PAGE, {
    first: pageSize,
    after: cursor,
    variants: deps.config.variantsPageSize,
    query: shopifySearchQuery(search),
  });
  const items: ChannelProduct[] = [];
  const currency = data.shop.currencyCode;
  const variantOf = (node: VariantNode) => toVariant(node, currency);
  for (const product of data.products.nodes) {
    const variants = product.variants.nodes.map(variantOf);
    let more = product.variants.pageInfo;
    // Products with more variants than one page: follow their own cursor.
    while (more.hasNextPage) {
      const next = await deps.graphql.request<{ product: { variants: Connection<VariantNode> } }>(
        shop,
        token,
        PRODUCT_VARIANTS_PAGE,
        { id: product.id, first: 100, after: more.endCursor },
      );
      variants.push(...next.product.variants.nodes.map(variantOf));
      more = next.product.variants.pageInfo;
    }
    items.push({ externalId: product.id, title: product.title, variants });
  }
  const { hasNextPage, endCursor } = data.products.pageInfo;
  return { items, nextCursor: hasNextPage ? endCursor : null };
}

interface BulkOperation {
  id: string;
  status: string;
  errorCode: string | null;
  url: string | null;
  partialDataUrl: string | null;
}

/** bulkOperationRunQuery → poll → download JSONL → products with their variants (§1.5). */
export async function exportCatalogue(
  deps: CatalogueDeps,
  shop: string,
  token: string,
): Promise<ChannelProduct[]> {
  const run = await deps.graphql.request<{
    bulkOperationRunQuery: {
      bulkOperation: { id: string } | null;
      userErrors: Array<{ field: string[] | null; message: string }>;
    };
  }>(shop, token, BULK_RUN, { query: BULK_CATALOGUE });
  const started = run.bulkOperationRunQuery.bulkOperation;
  if (!started) {
    const message = run.bulkOperationRunQuery.userErrors.map((e) => e.message).join('; ');
    // Another bulk query is running for this shop: try later.
    throw new TransientError(`Shopify bulk export not started: ${message}`);
  }
  const deadline = deps.now() + deps.config.bulkTimeoutMs;
  let operation: BulkOperation;
  for (;;) {
    const poll = await deps.graphql.request<{ node: BulkOperation | null }>(
      shop,
      token,
      BULK_POLL,
      {
        id: started.id,
      },
    );
    if (!poll.node) throw new ValidationError(`bulk operation ${started.id} not found`);
    operation = poll.node;
    if (!['CREATED', 'RUNNING', 'CANCELING'].includes(operation.status)) break;
    if (deps.now() > deadline)
      throw new TransientError(`Shopify bulk export ${started.id} still ${operation.status}`);
    await deps.sleep(deps.config.bulkPollIntervalMs);
  }
  if (operation.status !== 'COMPLETED')
    throw new TransientError(
      `Shopify bulk export ${operation.status}${operation.errorCode ? ` (${operation.errorCode})` : ''}`,
    );
  // No url = the query matched nothing.
  if (!operation.url) return [];
  const { shop: store } = await deps.graphql.request<{ shop: { currencyCode: string } }>(
    shop,
    token,
    SHOP_CURRENCY,
  );
  const file = await send(deps.fetch, operation.url, {
    method: 'GET',
    timeoutMs: deps.config.bulkTimeoutMs,
  });
  if (file.status !== 200)
    throw new TransientError(`bulk result download answered ${file.status}`, {
      status: file.status,
    });
  return reassemble(file.text, store.currencyCode);
}

/** JSONL lines → products; children carry `__parentId` and come after their parent. */
export function reassemble(jsonl: string, currency: string): ChannelProduct[] {
  const products = new Map<string, ChannelProduct>();
  for (const line of jsonl.split('\n')) {
    if (!line.trim()) continue;
    const row = JSON.parse(line) as { id: string; __parentId?: string } & Record<string, unknown>;
    if (!row.__parentId) {
      products.set(row.id, { externalId: row.id, title: String(row.title ?? ''), variants: [] });
      continue;
    }
    const parent = products.get(row.__parentId);
    if (!parent)
      throw new ValidationError(`bulk line ${row.id} names unknown parent ${row.__parentId}`);
    parent.variants.push(toVariant(row as unknown as VariantNode, currency));
  }
  return [...products.values()];
}
