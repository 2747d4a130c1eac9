import type { ChannelProduct } from '@stocksync/channels';
import type { ImportProductOutcome } from '@stocksync/contract';
import type {
  HeldVariant,
  ImportedProduct,
  ImportedVariant,
  ImportedVariantUpdate,
  StockMove,
} from '../catalog/imported-products';
import type { ImportedListing } from '../sync/imported-listings';
import { cleanSku, clip, currencyOf, money, quantity } from './channel-values';
import { decideTitle, decideVariant } from './reimport-rules';

/** What we hold already that a batch's variants may match. */
export interface BatchLookups {
  /** The connection imported from. */
  connectionId: string;
  /** Our variants listed on this connection, by external variant id. */
  listed: ReadonlyMap<string, HeldVariant>;
  /** The organisation's variants by lower-cased SKU. */
  bySku: ReadonlyMap<string, HeldVariant>;
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
  /** Names and prices of variants whose product came from this connection (re-import). */
  updates: ImportedVariantUpdate[];
  /** Titles of products that came from this connection (re-import). */
  productTitles: { id: string; title: string; before: string }[];
  /** Quantities taken from this connection: its products, sync off (re-import). */
  stock: StockMove[];
  listings: ImportedListing[];
  /** Per remote product, what the import does: the dry run's answer. */
  outcomes: ImportProductOutcome[];
  touchedProductIds: string[];
  /**
   * The batch's variants that will have no SKU (for autoCreate): new ones the channel gave none,
   * and ours re-imported still without one while the channel has none either (one it has is
   * better taken from it than replaced: the conflict finder proposes that).
   */
  missingSkuVariantIds: string[];
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
  held: HeldVariant;
  /** Listed on this connection already (re-import): the re-import rules apply. */
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
  bySku: Map<string, HeldVariant>,
  listedAs: Map<string, string>,
): { resolved: Map<string, Resolved> } | { problem: string } {
  const resolved = new Map<string, Resolved>();
  const usedHere = new Set<string>();
  for (const variant of product.variants) {
    const own = lookups.listed.get(variant.externalId);
    if (own) {
      resolved.set(variant.externalId, { held: own, ownListing: true });
      usedHere.add(own.variantId);
      continue;
    }
    const sku = cleanSku(variant.sku).toLowerCase();
    const match = sku ? bySku.get(sku) : undefined;
    if (!match) continue;
    const holder = listedAs.get(match.variantId);
    if ((holder && holder !== variant.externalId) || usedHere.has(match.variantId))
      return { problem: `SKU ${variant.sku} is used by another item on this account` };
    resolved.set(variant.externalId, { held: match, ownListing: false });
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

const emptyPlan = (): BatchPlan => ({
  done: 0,
  failed: [],
  newProducts: [],
  newVariants: [],
  updates: [],
  productTitles: [],
  stock: [],
  listings: [],
  outcomes: [],
  touchedProductIds: [],
  missingSkuVariantIds: [],
});

const failedOutcome = (product: ChannelProduct, reason: string): ImportProductOutcome => ({
  external_id: product.externalId,
  title: product.title,
  product_id: null,
  our_title: null,
  action: 'failed',
  reason,
  variants: { create: 0, link: 0, update: 0 },
  changes: [],
});

/**
 * Decides one batch's writes: a variant already listed on this connection is re-imported by the
 * rules of reimport-rules.ts; else a variant whose SKU exists in the organisation (ignoring case)
 * is linked, changing nothing of ours; else it is created (with its product, whose source this
 * connection becomes, when none of its siblings is ours). Every variant gets its listing here.
 */
export function planBatch(
  products: readonly ChannelProduct[],
  lookups: BatchLookups,
  newId: () => string,
): BatchPlan {
  const { connectionId } = lookups;
  const bySku = new Map(lookups.bySku);
  const listedAs = new Map(lookups.listedAs);
  const plan = emptyPlan();
  const touched = new Set<string>();
  const missingSku = new Set<string>();

  for (const product of products) {
    const found = resolveVariants(product, lookups, bySku, listedAs);
    if ('problem' in found) {
      plan.failed.push({ externalId: product.externalId, reason: found.problem });
      plan.outcomes.push(failedOutcome(product, found.problem));
      continue;
    }
    const { resolved } = found;
    const first = [...resolved.values()][0];
    const outcome: ImportProductOutcome = {
      ...failedOutcome(product, ''),
      reason: null,
      action: 'create',
    };
    let productId: string;
    let productTitle: string;
    if (first) {
      productId = first.held.productId;
      productTitle = first.held.productTitle;
      const own = [...resolved.values()].find(
        (r) => r.ownListing && r.held.productId === productId,
      );
      const title = decideTitle((own ?? first).held, product.title, own ? connectionId : '');
      if (title.title !== null)
        plan.productTitles.push({ id: productId, title: title.title, before: productTitle });
      if (title.change) outcome.changes.push(title.change);
      outcome.product_id = productId;
      outcome.our_title = productTitle;
      outcome.action = own ? 'update' : 'link';
    } else {
      productId = newId();
      productTitle = clip(product.title || 'Untitled');
      plan.newProducts.push({ id: productId, title: productTitle });
    }
    touched.add(productId);

    product.variants.forEach((variant, position) => {
      const qty = quantity(variant.quantity);
      const local = resolved.get(variant.externalId);
      let variantId: string;
      if (!local) {
        const sku = cleanSku(variant.sku);
        variantId = newId();
        const title = clip(variant.title || 'Default');
        const price = money(variant.price);
        plan.newVariants.push({
          id: variantId,
          productId,
          position,
          title,
          sku,
          options: [0, 1, 2].map((i) => variant.optionValues[i] ?? null),
          qty,
          price,
        });
        listedAs.set(variantId, variant.externalId);
        const held = { variantId, productId, sku, title, price, qty, productTitle };
        if (sku)
          bySku.set(sku.toLowerCase(), {
            ...held,
            isSynced: false,
            sourceConnectionId: connectionId,
          });
        else missingSku.add(variantId);
        outcome.variants.create++;
      } else {
        const { held } = local;
        variantId = held.variantId;
        if (held.sku === '' && cleanSku(variant.sku) === '') missingSku.add(variantId);
        // A link changes nothing of ours; a re-import follows the rules (kept ones reported).
        const decision = decideVariant(held, variant, local.ownListing ? connectionId : '');
        if (decision.fields) plan.updates.push({ id: variantId, ...decision.fields, before: held });
        if (decision.qty !== null)
          plan.stock.push({ variantId, qtyBefore: held.qty, qtyAfter: decision.qty, first: false });
        outcome.changes.push(...decision.changes);
        if (!local.ownListing) outcome.variants.link++;
        else if (decision.fields || decision.qty !== null) outcome.variants.update++;
        touched.add(held.productId);
      }
      plan.listings.push({
        variantId,
        externalProductId: product.externalId,
        externalVariantId: variant.externalId,
        inventoryItemId: variant.inventoryItemId ?? null,
        qty,
        price: money(variant.price),
        currency: currencyOf(variant.currency),
        channelSku: variant.sku,
      });
    });
    if (outcome.action === 'update' && !outcome.variants.create && !outcome.variants.link) {
      const applied = outcome.changes.some((c) => c.kept === null);
      if (!applied) outcome.action = 'unchanged';
    }
    plan.outcomes.push(outcome);
    plan.done++;
  }
  plan.touchedProductIds = [...touched];
  plan.missingSkuVariantIds = [...missingSku];
  return plan;
}
