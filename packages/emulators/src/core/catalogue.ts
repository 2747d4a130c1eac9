import { pick, randomInt, seededRandom } from './random';

/** A channel-neutral product every emulator maps into its own wire format when seeding. */
export interface SeedProduct {
  /** Stable within a catalogue: `p{index}`. */
  key: string;
  title: string;
  description: string;
  vendor: string;
  productType: string;
  /** Option names, e.g. ['Size', 'Colour']; empty for a single-variant product. */
  options: string[];
  variants: SeedVariant[];
}

export interface SeedVariant {
  key: string;
  title: string;
  optionValues: string[];
  /** Empty string when the variant has no SKU (some do, as in real stores). */
  sku: string;
  price: string;
  quantity: number;
}

export interface CatalogueOptions {
  products: number;
  seed?: number;
  /** Average variants per product (1 to 6); default 3. */
  variantsPerProduct?: number;
  /** Share (0..1) of variants without a SKU; default 0.1. */
  missingSkuRate?: number;
  /**
   * SKUs are `${skuPrefix}-${product}-${variant}`. Two catalogues with the same prefix share SKUs for
   * the same product indexes, which is how the demo links goods across channels.
   */
  skuPrefix?: string;
  /** Index of the first product (so a second store can overlap only partly); default 0. */
  offset?: number;
}

const ADJECTIVES = [
  'Classic',
  'Organic',
  'Vintage',
  'Handmade',
  'Premium',
  'Everyday',
  'Eco',
  'Deluxe',
  'Compact',
  'Rugged',
];
const MATERIALS = [
  'Cotton',
  'Linen',
  'Leather',
  'Bamboo',
  'Ceramic',
  'Wool',
  'Steel',
  'Oak',
  'Canvas',
  'Silk',
];
const NOUNS = [
  'T-Shirt',
  'Tote Bag',
  'Mug',
  'Scarf',
  'Notebook',
  'Candle',
  'Wallet',
  'Water Bottle',
  'Hoodie',
  'Planter',
  'Socks',
  'Apron',
];
const VENDORS = ['Northwind', 'Acme Goods', 'Blue Fern', 'Copper & Co', 'Maple Street'];
const SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL'];
const COLOURS = ['Black', 'White', 'Navy', 'Olive', 'Sand', 'Red'];

/** Deterministic catalogue: the same options always give the same products, variants and SKUs. */
export function generateCatalogue(options: CatalogueOptions): SeedProduct[] {
  const random = seededRandom(options.seed ?? 42);
  const average = options.variantsPerProduct ?? 3;
  const missingSkuRate = options.missingSkuRate ?? 0.1;
  const prefix = options.skuPrefix ?? 'SS';
  const offset = options.offset ?? 0;
  const products: SeedProduct[] = [];
  for (let i = offset; i < offset + options.products; i++) {
    const noun = pick(random, NOUNS);
    const title = `${pick(random, ADJECTIVES)} ${pick(random, MATERIALS)} ${noun}`;
    const variantCount = Math.max(1, Math.min(6, randomInt(random, average - 2, average + 2)));
    const basePrice = randomInt(random, 5, 120) + pick(random, [0, 0.5, 0.99, 0.95]);
    const optionNames = variantCount === 1 ? [] : variantCount <= 3 ? ['Colour'] : ['Size'];
    const values = optionNames[0] === 'Colour' ? COLOURS : SIZES;
    const variants: SeedVariant[] = [];
    for (let v = 0; v < variantCount; v++) {
      const optionValues = optionNames.length
        ? [values[v % values.length] ?? `Option ${v + 1}`]
        : [];
      variants.push({
        key: `p${i}-v${v}`,
        title: optionValues.length ? optionValues.join(' / ') : 'Default Title',
        optionValues,
        sku: random() < missingSkuRate ? '' : `${prefix}-${String(i).padStart(5, '0')}-${v + 1}`,
        price: (basePrice + v * 2).toFixed(2),
        quantity: randomInt(random, 0, 60),
      });
    }
    products.push({
      key: `p${i}`,
      title,
      description: `${title} from ${pick(random, VENDORS)}.`,
      vendor: pick(random, VENDORS),
      productType: noun,
      options: optionNames,
      variants,
    });
  }
  return products;
}
