import type { ChannelAdapter, ChannelCredentials, ChannelProduct } from '@stocksync/channels';

/** Where fetched products go: an import's batches, or a dry run's plan. */
export interface CatalogueSink {
  /** How many products a whole-catalogue fetch has found so far. */
  total(count: number): Promise<void>;
  items(products: ChannelProduct[]): Promise<void>;
}

/**
 * The products to import, into `sink`: the whole catalogue by bulk export where the channel has
 * one, else page by page; only the `wanted` external ids when given (paging stops once all were
 * found). Answers the wanted ids the channel does not have. Each channel call goes through `retry`.
 */
export async function fetchCatalogue(
  adapter: ChannelAdapter,
  credentials: () => Promise<ChannelCredentials>,
  wanted: ReadonlySet<string> | null,
  retry: <T>(fn: () => Promise<T>) => Promise<T>,
  sink: CatalogueSink,
): Promise<string[]> {
  if (!wanted && adapter.capabilities.bulkExport) {
    const all = await retry(async () => adapter.exportCatalogue(await credentials()));
    await sink.total(all.length);
    await sink.items(all);
    return [];
  }
  let cursor: string | null = null;
  let seen = 0;
  const found = new Set<string>();
  do {
    const page = await retry(async () => adapter.listCatalogue(await credentials(), { cursor }));
    const items = wanted ? page.items.filter((p) => wanted.has(p.externalId)) : page.items;
    items.forEach((p) => found.add(p.externalId));
    seen += items.length;
    if (!wanted) await sink.total(seen);
    await sink.items(items);
    cursor = page.nextCursor;
  } while (cursor && (!wanted || found.size < wanted.size));
  return wanted ? [...wanted].filter((id) => !found.has(id)) : [];
}
