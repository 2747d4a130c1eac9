import type { ChannelProduct } from '@stocksync/channels';
import type {
  ImportedProduct,
  ImportedVariant,
  ImportedVariantUpdate,
} from '../catalog/imported-products';
import type { ImportedListing } from '../sync/imported-listings';
import { cleanSku, clip, currencyOf, money, quantity } from './channel-values';

/** What we hold already that a batch's variants may match. */
export interface BatchLookups {
  /** Our variants listed on this connection, by external variant id. */
  listed: ReadonlyMap<string, { variantId: string; productId: string }>;
  /** The organisation's variants by lower-cased SKU. */
  bySku: ReadonlyMap<string, { variantId: string; productId: string }>;
  /** The external variant id each of those SKU matches is listed as on this connection. */
  listedAs: ReadonlyMap<string, string>;
}

/** Everything one batch writes, decided before anything is written. */
export interface BatchPlan {
  /** Remote products written (all their variants resolved). */
  done: number;
  failed: { externalId: string; reason: string }[];
  newProducts: ImportedProduct[];
  newVariants: ImportedVariant[];
  /** Variants listed on this connection already (a re-import): names, prices and quantity. */
  updates: ImportedVariantUpdate[];
  /** Products of ours whose title follows the channel's (re-import). */
  productTitles: { id: string; title: string }[];
  listings: ImportedListing[];
  touchedProductIds: string[];
  /** Products holding an imported variant that has no SKU (for autoCreate). */
  missingSkuProductIds: string[];
}

/** What to look up before planning: the batch's external variant ids and lower-cased SKUs. */
export function lookupKeys(products: readonly ChannelProduct[]) {
  const variants = products.flatMap((p) => p.variants);
  return {
    externalIds: variants.map((v) => v.externalId),
    skus: [...new Set(variants.map((v) => cleanSku(v.sku).toLowerCase()).filter(Boolean))],
  };
}

interface Resolved {
  variantId: string;
  productId: string;
  /** Listed on this connection already (re-import): ours to update. */
  ownListing: boolean;
}

/**
 * Our variant for each of the product's variants that we hold already: listed on this connection,
 * else one whose SKU matches (ignoring case) and that is not listed here as another item. A
 * problem (a SKU taken on this account, or used twice in the product) fails the whole product.
 */
function resolveVariants(
  product: ChannelProduct,
  lookups: BatchLookups,
  bySku: Map<string, { variantId: string; productId: string }>,
  listedAs: Map<string, string>,
): { resolved: Map<string, Resolved> } | { problem: string } {
  const resolved = new Map<string, Resolved>();
  const usedHere = new Set<string>();
  for (const variant of product.variants) {
    const own = lookups.listed.get(variant.externalId);
    if (own) {
      resolved.set(variant.externalId, { ...own, ownListing: true });
      usedHere.add(own.variantId);
      continue;
    }
    const sku = cleanSku(variant.sku).toLowerCase();
    const match = sku ? bySku.get(sku) : undefined;
    if (!match) continue;
    const holder = listedAs.get(match.variantId);
    if ((holder && holder !== variant.externalId) || usedHere.has(match.variantId))
      return { problem: `SKU ${variant.sku} is used by another item on this account` };
    resolved.set(variant.externalId, { ...match, ownListing: false });
    usedHere.add(match.variantId);
    listedAs.set(match.variantId, variant.externalId);
  }
  const fresh = product.variants
    .filter((v) => !resolved.has(v.externalId))
    .map((v) => cleanSku(v.sku).toLowerCase())
    .filter(Boolean);
  if (new Set(fresh).size !== fresh.length)
    return { problem: 'Two variants of this product have the same SKU' };
  return { resolved };
}

/**
 * Decides one batch's writes: a variant already listed on this connection is updated; else a
 * variant whose SKU exists in the organisation (ignoring case) is linked; else it is created (with
 * its product when none of its siblings is ours). Every variant gets its listing on the connection.
 */
export function planBatch(
  products: readonly ChannelProduct[],
  lookups: BatchLookups,
  newId: () => string,
): BatchPlan {
  const bySku = new Map(lookups.bySku);
  const listedAs = new Map(lookups.listedAs);
  const plan: BatchPlan = {
    done: 0,
    failed: [],
    newProducts: [],
    newVariants: [],
    updates: [],
    productTitles: [],
    listings: [],
    touchedProductIds: [],
    missingSkuProductIds: [],
  };
  const touched = new Set<string>();
  const missingSku = new Set<string>();

  for (const product of products) {
    const found = resolveVariants(product, lookups, bySku, listedAs);
    if ('problem' in found) {
      plan.failed.push({ externalId: product.externalId, reason: found.problem });
      continue;
    }
    const { resolved } = found;
    const first = [...resolved.values()][0];
    let productId: string;
    if (first) {
      productId = first.productId;
      if ([...resolved.values()].some((r) => r.ownListing && r.productId === productId))
        plan.productTitles.push({ id: productId, title: clip(product.title) });
    } else {
      productId = newId();
      plan.newProducts.push({ id: productId, title: clip(product.title || 'Untitled') });
    }
    touched.add(productId);

    product.variants.forEach((variant, position) => {
      const qty = quantity(variant.quantity);
      let local = resolved.get(variant.externalId);
      if (!local) {
        const sku = cleanSku(variant.sku);
        const id = newId();
        plan.newVariants.push({
          id,
          productId,
          position,
          title: clip(variant.title || 'Default'),
          sku,
          options: [0, 1, 2].map((i) => variant.optionValues[i] ?? null),
          qty,
          price: money(variant.price),
        });
        listedAs.set(id, variant.externalId);
        if (sku) bySku.set(sku.toLowerCase(), { variantId: id, productId });
        else missingSku.add(productId);
        local = { variantId: id, productId, ownListing: true };
      } else if (local.ownListing) {
        plan.updates.push({
          id: local.variantId,
          title: clip(variant.title || 'Default'),
          price: money(variant.price),
          qty,
        });
      }
      touched.add(local.productId);
      plan.listings.push({
        variantId: local.variantId,
        externalProductId: product.externalId,
        externalVariantId: variant.externalId,
        inventoryItemId: variant.inventoryItemId ?? null,
        qty,
        price: money(variant.price),
        currency: currencyOf(variant.currency),
      });
    });
    plan.done++;
  }
  plan.touchedProductIds = [...touched];
  plan.missingSkuProductIds = [...missingSku];
  return plan;
}
