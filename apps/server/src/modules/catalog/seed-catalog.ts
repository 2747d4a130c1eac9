import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../db/client';
import type { Platform } from '../../db/types';
import { seededRandom } from '../../lib/random';

/*
 * Realistic demo catalogue, written fast: bulk INSERT … SELECT FROM unnest(arrays) per batch, so
 * 100,000 products with 300,000 variants and their listings take seconds, not minutes. Content is
 * deterministic for a given seed; ids are random so a catalogue can be seeded twice.
 */

export interface SeedCatalogOptions {
  organizationId: string;
  products: number;
  /** Average variants per product (each product gets 1 … 2·variants − 1). */
  variants: number;
  seed?: number;
  /** Products per batch (one transaction each). */
  batchSize?: number;
  /**
   * Vacuum the tables afterwards (default true) so index-only scans work at once. They are
   * analysed either way.
   */
  vacuum?: boolean;
  onProgress?: (done: number, total: number) => void;
}

export interface SeedCatalogResult {
  products: number;
  variants: number;
  listings: number;
  connections: number;
  variantsWithoutSku: number;
  ms: number;
}

/** Sandbox connections every seeded organisation gets (created once, then reused). */
export const SEED_CONNECTIONS: readonly { platform: Platform; alias: string; share: number }[] = [
  { platform: 'shopify', alias: 'main-store', share: 0.7 },
  { platform: 'shopify', alias: 'outlet-store', share: 0.25 },
  { platform: 'ebay', alias: 'ebay-uk', share: 0.4 },
  { platform: 'tiktok', alias: 'tiktok-shop', share: 0.15 },
];

const ADJECTIVES = [
  'Classic',
  'Vintage',
  'Premium',
  'Everyday',
  'Organic',
  'Slim',
  'Oversized',
  'Handmade',
  'Recycled',
  'Lightweight',
  'Heavy',
  'Soft',
  'Rugged',
  'Minimal',
  'Retro',
  'Luxe',
];
const MATERIALS = [
  'Cotton',
  'Linen',
  'Wool',
  'Leather',
  'Denim',
  'Bamboo',
  'Ceramic',
  'Steel',
  'Oak',
  'Canvas',
  'Silk',
  'Cork',
  'Glass',
  'Merino',
  'Suede',
  'Hemp',
];
const NOUNS = [
  'T-Shirt',
  'Hoodie',
  'Mug',
  'Wallet',
  'Backpack',
  'Candle',
  'Scarf',
  'Beanie',
  'Tote Bag',
  'Notebook',
  'Water Bottle',
  'Sneakers',
  'Jacket',
  'Socks',
  'Apron',
  'Lamp',
  'Cushion',
  'Phone Case',
  'Sunglasses',
  'Watch Strap',
];
const COLOURS = ['Black', 'White', 'Navy', 'Grey', 'Olive', 'Sand', 'Burgundy', 'Sky Blue'];
const SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL', 'One Size', '42', '44'];

function codeOf(text: string, n: number): string {
  return text
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, n);
}

async function ensureConnections(db: Db, organizationId: string) {
  await sql`
    INSERT INTO platform_connections (organization_id, platform, alias)
    SELECT ${organizationId}::uuid, platform, alias
    FROM unnest(${SEED_CONNECTIONS.map((c) => c.platform)}::text[],
                ${SEED_CONNECTIONS.map((c) => c.alias)}::text[]) AS c (platform, alias)
    ON CONFLICT (organization_id, platform, lower(alias)) DO NOTHING`.execute(db);
  const rows = await db
    .selectFrom('platform_connections')
    .select(['id', 'platform', 'alias'])
    .where('organization_id', '=', organizationId)
    .execute();
  return SEED_CONNECTIONS.map((c) => {
    const row = rows.find((r) => r.platform === c.platform && r.alias.toLowerCase() === c.alias);
    if (!row) throw new Error(`connection ${c.platform}/${c.alias} missing after insert`);
    return { ...c, id: row.id };
  });
}

async function analyze(db: Db): Promise<void> {
  await sql`ANALYZE products, product_variants, channel_listings`.execute(db);
}

export async function seedCatalog(db: Db, options: SeedCatalogOptions): Promise<SeedCatalogResult> {
  const started = Date.now();
  const { organizationId } = options;
  const total = Math.max(0, Math.floor(options.products));
  const averageVariants = Math.max(1, Math.floor(options.variants));
  const batchSize = options.batchSize ?? 2000;
  const random = seededRandom(options.seed ?? 1);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const runTag = `${Date.now().toString(36)}${Math.floor(random() * 1e6).toString(36)}`;

  const connections = await ensureConnections(db, organizationId);
  const taken = new Set(
    (
      await db
        .selectFrom('product_variants')
        .select('sku')
        .where('organization_id', '=', organizationId)
        .where('sku', '<>', '')
        .execute()
    ).map((r) => r.sku.toLowerCase()),
  );
  let skuCounter = taken.size;
  const nextSku = (title: string, colour: string | null, size: string | null) => {
    for (;;) {
      skuCounter += 1;
      const parts = [codeOf(title.split(' ').at(-1) ?? 'ITEM', 4) || 'ITEM'];
      if (colour) parts.push(codeOf(colour, 3));
      if (size) parts.push(codeOf(size, 3));
      parts.push(skuCounter.toString(36).toUpperCase().padStart(5, '0'));
      const sku = parts.join('-');
      if (!taken.has(sku.toLowerCase())) {
        taken.add(sku.toLowerCase());
        return sku;
      }
    }
  };

  const result: SeedCatalogResult = {
    products: 0,
    variants: 0,
    listings: 0,
    connections: connections.length,
    variantsWithoutSku: 0,
    ms: 0,
  };
  // Oldest first; the last product seeded is the newest (top of the list).
  const startTime = Date.now() - total * 1000;
  let externalCounter = 0;

  for (let from = 0; from < total; from += batchSize) {
    const count = Math.min(batchSize, total - from);
    const p = {
      id: [] as string[],
      title: [] as string[],
      synced: [] as boolean[],
      at: [] as string[],
    };
    const v = {
      id: [] as string[],
      productId: [] as string[],
      position: [] as number[],
      title: [] as string[],
      o1: [] as (string | null)[],
      o2: [] as (string | null)[],
      sku: [] as string[],
      qty: [] as number[],
      cost: [] as string[],
      price: [] as string[],
    };
    const l = {
      connectionId: [] as string[],
      variantId: [] as string[],
      extProduct: [] as string[],
      extVariant: [] as string[],
      extItem: [] as string[],
      qty: [] as number[],
    };
    for (let i = 0; i < count; i++) {
      const productId = randomUUID();
      const title = `${pick(ADJECTIVES)} ${pick(MATERIALS)} ${pick(NOUNS)}`;
      p.id.push(productId);
      p.title.push(title);
      p.synced.push(random() < 0.6);
      p.at.push(
        new Date(startTime + (from + i) * 1000 + Math.floor(random() * 1000)).toISOString(),
      );

      const variantCount = 1 + Math.floor(random() * (2 * averageVariants - 1));
      const colours = [...COLOURS].sort(() => random() - 0.5);
      const sizes = [...SIZES].sort(() => random() - 0.5);
      const basePrice = 5 + Math.floor(random() * 19500) / 100;
      const listedOn = connections.filter((c) => random() < c.share);
      const extProduct = `${runTag}-${++externalCounter}`;
      for (let k = 0; k < variantCount; k++) {
        const variantId = randomUUID();
        // Three sizes per colour: (c0, s0), (c0, s1), (c0, s2), (c1, s0), …
        const colour = variantCount === 1 ? null : colours[Math.floor(k / 3) % colours.length]!;
        const size = variantCount === 1 ? null : sizes[k % 3]!;
        const missing = random() < 0.1;
        const qty = random() < 0.1 ? 0 : Math.floor(random() * 200);
        const price = basePrice + (size === 'XL' || size === 'XXL' ? 2 : 0);
        v.id.push(variantId);
        v.productId.push(productId);
        v.position.push(k + 1);
        v.title.push(colour && size ? `${colour} / ${size}` : 'Default Title');
        v.o1.push(colour);
        v.o2.push(size);
        v.sku.push(missing ? '' : nextSku(title, colour, size));
        v.qty.push(qty);
        v.price.push(price.toFixed(2));
        v.cost.push(random() < 0.15 ? '0.00' : (price * (0.4 + random() * 0.3)).toFixed(2));
        if (missing) result.variantsWithoutSku += 1;
        for (const c of listedOn) {
          l.connectionId.push(c.id);
          l.variantId.push(variantId);
          l.extProduct.push(extProduct);
          l.extVariant.push(`${runTag}-${++externalCounter}`);
          l.extItem.push(`${runTag}-${++externalCounter}`);
          l.qty.push(qty);
        }
      }
    }

    await db.transaction().execute(async (trx) => {
      // Aggregates once per batch instead of once per statement (see migration 0002).
      await sql`SET LOCAL stocksync.defer_product_aggregates = 'on'`.execute(trx);
      await sql`
        INSERT INTO products (id, organization_id, title, is_synced, created_at, updated_at)
        SELECT id, ${organizationId}::uuid, title, is_synced, created_at, created_at
        FROM unnest(${p.id}::uuid[], ${p.title}::text[], ${p.synced}::boolean[],
                    ${p.at}::timestamptz[]) AS t (id, title, is_synced, created_at)`.execute(trx);
      await sql`
        INSERT INTO product_variants (id, organization_id, product_id, position, title, option1,
                                      option2, sku, available_qty, cost_price, current_price)
        SELECT id, ${organizationId}::uuid, product_id, position, title, option1, option2, sku,
               qty, cost, price
        FROM unnest(${v.id}::uuid[], ${v.productId}::uuid[], ${v.position}::int[],
                    ${v.title}::text[], ${v.o1}::text[], ${v.o2}::text[], ${v.sku}::text[],
                    ${v.qty}::int[], ${v.cost}::numeric[], ${v.price}::numeric[])
          AS t (id, product_id, position, title, option1, option2, sku, qty, cost, price)`.execute(
        trx,
      );
      if (l.variantId.length > 0) {
        await sql`
          INSERT INTO channel_listings (organization_id, connection_id, variant_id,
                                        external_product_id, external_variant_id,
                                        external_inventory_item_id, last_seen_qty, last_seen_at)
          SELECT ${organizationId}::uuid, connection_id, variant_id, ext_product, ext_variant,
                 ext_item, qty, now()
          FROM unnest(${l.connectionId}::uuid[], ${l.variantId}::uuid[], ${l.extProduct}::text[],
                      ${l.extVariant}::text[], ${l.extItem}::text[], ${l.qty}::int[])
            AS t (connection_id, variant_id, ext_product, ext_variant, ext_item, qty)`.execute(trx);
      }
      await sql`SET LOCAL stocksync.defer_product_aggregates = 'off'`.execute(trx);
      // Fresh tables have no statistics; without them the per-product lookups of the refresh
      // are planned as scans (quadratic). ANALYZE here also sees this batch's rows.
      if (from === 0 || (from / batchSize) % 10 === 9) await analyze(trx);
      await sql`SELECT refresh_product_aggregates(${p.id}::uuid[])`.execute(trx);
    });
    result.products += count;
    result.variants += v.id.length;
    result.listings += l.variantId.length;

    options.onProgress?.(result.products, total);
  }

  if (total > 0) {
    if (options.vacuum === false) await analyze(db);
    else await sql`VACUUM ANALYZE products, product_variants, channel_listings`.execute(db);
  }
  result.ms = Date.now() - started;
  return result;
}
