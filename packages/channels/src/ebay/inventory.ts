import type {
  InventoryLevel,
  InventoryRef,
  SetInventoryItem,
  SetInventoryResult,
} from '../port/types';
import { AuthError, ChannelError, ValidationError } from '../port/errors';
import { bulkGetItems, chunk, offersOf, quantityOf } from './catalogue';
import type { EbayRest } from './client';
import { EBAY_BATCH_LIMIT, type EbayConfig } from './config';
import type { OfferCache } from './offer-cache';
import type { BulkPriceQuantity, BulkPriceQuantityResponse, Offer } from './types';

const skuOf = (ref: InventoryRef) => {
  const sku = ref.sku ?? ref.externalVariantId;
  if (!sku) throw new ValidationError('eBay inventory refs need a SKU');
  return sku;
};

export async function readInventory(
  rest: EbayRest,
  token: string,
  refs: InventoryRef[],
): Promise<InventoryLevel[]> {
  const items = await bulkGetItems(rest, token, [...new Set(refs.map(skuOf))]);
  return [...items.values()].map((item) => ({
    sku: item.sku ?? '',
    externalVariantId: item.sku ?? '',
    available: quantityOf(item),
  }));
}

interface Row {
  index: number;
  item: SetInventoryItem;
  sku: string;
  offers: Offer[];
}

/**
 * Sets the quantity at both levels eBay keeps (item shipToLocationAvailability and every published
 * offer's availableQuantity) with bulkUpdatePriceQuantity, 25 requests and 25 offers per call.
 * eBay has no compare-and-set: a compareQuantity is checked by reading first (not atomic).
 */
export async function setInventory(
  rest: EbayRest,
  config: EbayConfig,
  token: string,
  items: SetInventoryItem[],
  cache?: OfferCache,
): Promise<SetInventoryResult[]> {
  const results: Array<SetInventoryResult | undefined> = Array.from(
    { length: items.length },
    () => undefined,
  );
  const compared = items.filter((item) => item.compareQuantity !== undefined);
  const current = compared.length
    ? await readInventory(
        rest,
        token,
        compared.map((item) => item.ref),
      )
    : [];
  const offersBySku = await lookUpOffers(
    rest,
    config,
    token,
    [...new Set(items.map((item) => skuOf(item.ref)))],
    cache,
  );
  const rows: Row[] = [];
  for (const [index, item] of items.entries()) {
    const sku = skuOf(item.ref);
    if (item.compareQuantity !== undefined) {
      const actual = current.find((level) => level.sku === sku)?.available ?? null;
      if (actual !== item.compareQuantity) {
        results[index] = {
          ref: item.ref,
          status: 'conflict',
          actual,
          message: 'quantity changed on eBay',
        };
        continue;
      }
    }
    const offers = offersBySku.get(sku);
    if (offers instanceof ChannelError) {
      // This SKU's offers could not be read now: the item fails, the rest of the batch goes on.
      results[index] = {
        ref: item.ref,
        status: 'error',
        retryable: offers.retryable,
        message: offers.message,
        ...(offers.code !== undefined ? { code: offers.code } : {}),
      };
      continue;
    }
    rows.push({ index, item, sku, offers: offers ?? [] });
  }
  for (const batch of batches(rows)) {
    const body: BulkPriceQuantity = {
      requests: batch.map((row) => ({
        sku: row.sku,
        shipToLocationAvailability: { quantity: row.item.quantity },
        offers: row.offers.map((offer) => ({
          offerId: offer.offerId,
          availableQuantity: row.item.quantity,
        })),
      })),
    };
    const answer = await rest.call<BulkPriceQuantityResponse>(
      token,
      'POST',
      '/sell/inventory/v1/bulk_update_price_quantity',
      { body, ok: [200, 207] },
    );
    for (const row of batch) {
      const failed = (answer.responses ?? []).filter(
        (r) => r.sku === row.sku && (r.statusCode ?? 500) >= 400,
      );
      const first = failed[0];
      results[row.index] = first
        ? {
            ref: row.item.ref,
            status: 'error',
            retryable: (first.statusCode ?? 500) >= 500,
            message:
              first.errors?.map((e) => e.message).join('; ') || `eBay answered ${first.statusCode}`,
            ...(first.errors?.[0]?.errorId !== undefined
              ? { code: String(first.errors[0].errorId) }
              : {}),
          }
        : { ref: row.item.ref, status: 'ok' };
    }
  }
  return results.map(
    (result, index) => result ?? { ref: items[index]!.ref, status: 'ok' as const },
  );
}

const OFFER_LOOKUPS_AT_ONCE = 4;

/** Published offers per SKU (cached), a few lookups at a time; a failed lookup is its error. */
async function lookUpOffers(
  rest: EbayRest,
  config: EbayConfig,
  token: string,
  skus: string[],
  cache: OfferCache | undefined,
): Promise<Map<string, Offer[] | ChannelError>> {
  const found = new Map<string, Offer[] | ChannelError>();
  const missing = skus.filter((sku) => {
    const cached = cache?.get(`${config.marketplaceId}:${sku}`);
    if (cached) found.set(sku, cached);
    return !cached;
  });
  for (const part of chunk(missing, OFFER_LOOKUPS_AT_ONCE)) {
    await Promise.all(
      part.map(async (sku) => {
        try {
          const offers = (await offersOf(rest, config, token, sku)).filter(
            (offer) => offer.status === 'PUBLISHED',
          );
          cache?.set(`${config.marketplaceId}:${sku}`, offers);
          found.set(sku, offers);
        } catch (error) {
          if (!(error instanceof ChannelError) || error instanceof AuthError) throw error;
          found.set(sku, error);
        }
      }),
    );
  }
  return found;
}

/** Groups rows so no call exceeds 25 requests or 25 offers. */
function batches(rows: Row[]): Row[][] {
  const out: Row[][] = [];
  let current: Row[] = [];
  let offers = 0;
  for (const row of rows) {
    const size = Math.max(1, row.offers.length);
    if (
      current.length &&
      (current.length + 1 > EBAY_BATCH_LIMIT || offers + size > EBAY_BATCH_LIMIT)
    ) {
      out.push(current);
      current = [];
      offers = 0;
    }
    current.push(row);
    offers += size;
  }
  if (current.length) out.push(current);
  return out.flatMap((batch) => chunk(batch, EBAY_BATCH_LIMIT));
}
