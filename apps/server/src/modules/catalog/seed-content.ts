import { randomUUID } from 'node:crypto';
import type { Platform } from '../../db/types';
import type { SeededListing } from '../sync/imported-listings';
import { ADJECTIVES, COLOURS, MATERIALS, NOUNS, SIZES, codeOf } from './seed-words';

/*
 * The content of a demo catalogue: deterministic for a given random source (titles, variants,
 * SKUs, quantities, prices, which connections list what); ids are random so a catalogue can be
 * seeded twice.
 */

export interface SeedProduct {
  id: string;
  title: string;
  synced: boolean;
  createdAt: string;
}

export interface SeedVariant {
  id: string;
  productId: string;
  position: number;
  title: string;
  option1: string | null;
  option2: string | null;
  sku: string;
  qty: number;
  cost: string;
  price: string;
}

export interface SeedBatch {
  products: SeedProduct[];
  variants: SeedVariant[];
  listings: SeededListing[];
  variantsWithoutSku: number;
}

/** A connection the seed lists products on, with the share of products listed there. */
export interface SeedConnection {
  id: string;
  platform: Platform;
  alias: string;
  share: number;
}

/** Generates batches of products in list order, oldest first, from one random source. */
export class SeedContent {
  private readonly taken: Set<string>;
  private skuCounter: number;
  private externalCounter = 0;
  private readonly runTag: string;

  constructor(
    private readonly random: () => number,
    private readonly connections: readonly SeedConnection[],
    skusInUse: readonly string[],
    /** Average variants per product (each product gets 1 … 2·variants − 1). */
    private readonly averageVariants: number,
    /** When the first product was created; each next one a second later. */
    private readonly startTime: number,
  ) {
    this.runTag = `${Date.now().toString(36)}${Math.floor(random() * 1e6).toString(36)}`;
    this.taken = new Set(skusInUse);
    this.skuCounter = this.taken.size;
  }

  private pick<T>(list: readonly T[]): T {
    return list[Math.floor(this.random() * list.length)]!;
  }

  private nextSku(title: string, colour: string | null, size: string | null): string {
    for (;;) {
      this.skuCounter += 1;
      const parts = [codeOf(title.split(' ').at(-1) ?? 'ITEM', 4) || 'ITEM'];
      if (colour) parts.push(codeOf(colour, 3));
      if (size) parts.push(codeOf(size, 3));
      parts.push(this.skuCounter.toString(36).toUpperCase().padStart(5, '0'));
      const sku = parts.join('-');
      if (!this.taken.has(sku.toLowerCase())) {
        this.taken.add(sku.toLowerCase());
        return sku;
      }
    }
  }

  private externalId(): string {
    return `${this.runTag}-${++this.externalCounter}`;
  }

  /** Products `from` … `from + count − 1` of the catalogue, with their variants and listings. */
  batch(from: number, count: number): SeedBatch {
    const random = this.random;
    const batch: SeedBatch = { products: [], variants: [], listings: [], variantsWithoutSku: 0 };
    for (let i = 0; i < count; i++) {
      const productId = randomUUID();
      const title = `${this.pick(ADJECTIVES)} ${this.pick(MATERIALS)} ${this.pick(NOUNS)}`;
      batch.products.push({
        id: productId,
        title,
        synced: random() < 0.6,
        createdAt: new Date(
          this.startTime + (from + i) * 1000 + Math.floor(random() * 1000),
        ).toISOString(),
      });

      const variantCount = 1 + Math.floor(random() * (2 * this.averageVariants - 1));
      const colours = [...COLOURS].sort(() => random() - 0.5);
      const sizes = [...SIZES].sort(() => random() - 0.5);
      const basePrice = 5 + Math.floor(random() * 19500) / 100;
      const listedOn = this.connections.filter((c) => random() < c.share);
      const extProduct = this.externalId();
      for (let k = 0; k < variantCount; k++) {
        const variantId = randomUUID();
        // Three sizes per colour: (c0, s0), (c0, s1), (c0, s2), (c1, s0), …
        const colour = variantCount === 1 ? null : colours[Math.floor(k / 3) % colours.length]!;
        const size = variantCount === 1 ? null : sizes[k % 3]!;
        const missing = random() < 0.1;
        const qty = random() < 0.1 ? 0 : Math.floor(random() * 200);
        const price = basePrice + (size === 'XL' || size === 'XXL' ? 2 : 0);
        batch.variants.push({
          id: variantId,
          productId,
          position: k + 1,
          title: colour && size ? `${colour} / ${size}` : 'Default Title',
          option1: colour,
          option2: size,
          sku: missing ? '' : this.nextSku(title, colour, size),
          qty,
          price: price.toFixed(2),
          cost: random() < 0.15 ? '0.00' : (price * (0.4 + random() * 0.3)).toFixed(2),
        });
        if (missing) batch.variantsWithoutSku += 1;
        for (const c of listedOn) {
          batch.listings.push({
            connectionId: c.id,
            variantId,
            externalProductId: extProduct,
            externalVariantId: this.externalId(),
            inventoryItemId: this.externalId(),
            qty,
          });
        }
      }
    }
    return batch;
  }
}
